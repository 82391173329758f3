/**
 * Inside another site's frame the browser may refuse `sessionStorage`/`localStorage` (third-party storage
 * blocking): reading them throws a SecurityError, which breaks Remix's scroll restoration and route discovery,
 * so the booking widget would fail on its first navigation. There, an in-memory store stands in for the page's life.
 */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key)
    },
    setItem: (key, value) => {
      items.set(key, String(value))
    },
  }
}

export function installStorageFallback() {
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    try {
      window[name].getItem('__probe')
    } catch {
      Object.defineProperty(window, name, { configurable: true, value: memoryStorage() })
    }
  }
}
