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

export default defineConfig({
  plugins: [clientTranslator(), tailwindcss(), remix(remixOptions)],
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
        // The chunk shared by every page (React, Remix, the translator) would be named after its first module
        // (`react-i18n.client-*.js`); `framework-*.js` says what the bench's largest file is.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/react-dom/'))
            ? 'assets/framework-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
})
