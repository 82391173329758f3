import { MAX_TOASTS, TOAST_DURATION_MS } from '#app/domain/constants.ts'

/** The one toast system of the app (SPEC §9 timings, §8 texts). */
export type ToastKind = 'info' | 'success' | 'error' | 'loading'

export type Toast = { id: number; kind: ToastKind; text: string; duration: number; key?: string }

type Options = {
  kind?: ToastKind
  duration?: number
  inList?: boolean
  /**
   * One toast at a time for this key: showing it again while it is up restarts its time instead of adding
   * another (a message raised per keystroke, such as "Latin letters only").
   */
  key?: string
}

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const timers = new Map<number, ReturnType<typeof setTimeout>>()

function emit() {
  for (const listener of listeners) listener()
}

/** 4000 ms by default, 2000 for success, 5000 in lists, loading until dismissed. */
export function durationFor(kind: ToastKind, inList = false): number {
  if (kind === 'loading') return Number.POSITIVE_INFINITY
  if (inList) return TOAST_DURATION_MS.list
  return kind === 'success' ? TOAST_DURATION_MS.success : TOAST_DURATION_MS.default
}

function schedule(item: Toast) {
  clearTimeout(timers.get(item.id))
  if (Number.isFinite(item.duration))
    timers.set(
      item.id,
      setTimeout(() => dismissToast(item.id), item.duration),
    )
}

export function showToast(text: string, options: Options = {}): number {
  const kind = options.kind ?? 'info'
  const duration = options.duration ?? durationFor(kind, options.inList)
  const shown = options.key === undefined ? undefined : toasts.find((item) => item.key === options.key)
  if (shown) {
    const item = { ...shown, kind, text, duration }
    toasts = toasts.map((candidate) => (candidate.id === shown.id ? item : candidate))
    schedule(item)
    emit()
    return item.id
  }
  const item: Toast = { id: nextId++, kind, text, duration, key: options.key }
  // At most 20 at once: the oldest goes first.
  toasts = [...toasts, item].slice(-MAX_TOASTS)
  schedule(item)
  emit()
  return item.id
}

export function updateToast(id: number, text: string, kind: ToastKind) {
  toasts = toasts.map((item) => (item.id === id ? { ...item, text, kind, duration: durationFor(kind) } : item))
  const item = toasts.find((candidate) => candidate.id === id)
  if (item) schedule(item)
  emit()
}

export function dismissToast(id: number) {
  clearTimeout(timers.get(id))
  timers.delete(id)
  toasts = toasts.filter((item) => item.id !== id)
  emit()
}

/** A loading toast that stays until the work is done, then says how it went. */
export async function toastWhile<T>(work: Promise<T>, texts: { loading: string; success: string; error: string }) {
  const id = showToast(texts.loading, { kind: 'loading' })
  try {
    const result = await work
    updateToast(id, texts.success, 'success')
    return result
  } catch (error) {
    updateToast(id, texts.error, 'error')
    throw error
  }
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function getToasts() {
  return toasts
}

const EMPTY: Toast[] = []
export function getServerToasts() {
  return EMPTY
}

/** The SPEC §8 text for a failed request: network error, 429 or 503; null when the answer has its own. */
export function failedRequestTextKey(failure: { status?: number; network?: boolean }) {
  if (failure.network) return 'toast.serverUnavailable'
  if (failure.status === 429) return 'toast.tooManyRequests'
  if (failure.status === 503) return 'toast.serviceUnavailable'
  return null
}
