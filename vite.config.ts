import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { remixOptions } from './remix.config'

declare module '@remix-run/cloudflare' {
  interface Future {
    v3_singleFetch: true
  }
}

/**
 * The browser translates with app/i18n/react-i18n.client.ts instead of i18next and react-i18next (16 KB gzipped of
 * the public event page's script, docs/decisions/0116-client-translator.md): in the client build only, `react-i18next`
 * resolves to it; the server build keeps i18next.
 */
function clientTranslator(): Plugin {
  const translator = fileURLToPath(new URL('./app/i18n/react-i18n.client.ts', import.meta.url))
  return {
    name: 'fastslot-client-translator',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      if (source === 'react-i18next' && !options?.ssr) return translator
    },
  }
}

/**
 * The browser runs Preact's React compatibility layer instead of React and ReactDOM (docs/decisions/0121-preact-in-the-browser.md):
 * in the client build only, `react`, `react-dom` and their entry points resolve to `preact/compat`; the server keeps
 * React 18 and renders the HTML that Preact hydrates.
 */
const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
}

function clientPreact(): Plugin {
  return {
    name: 'fastslot-client-preact',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const preact = PREACT_FOR[source]
      if (preact && !options?.ssr) return this.resolve(preact, importer, { ...options, skipSelf: true })
    },
  }
}

export default defineConfig({
  plugins: [clientTranslator(), clientPreact(), tailwindcss(), remix(remixOptions)],
  ssr: {
    target: 'webworker',
    resolve: {
      conditions: ['workerd', 'worker', 'browser'],
      externalConditions: ['workerd', 'worker'],
    },
  },
  build: {
    sourcemap: false,
    rollupOptions: {
      output: {
        // The chunk shared by every page (Preact, Remix, the translator) would be named after its first module
        // (`react-i18n.client-*.js`); `framework-*.js` says what the bench's largest file is.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/@remix-run/react/'))
            ? 'assets/framework-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
})
