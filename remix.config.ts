import type { VitePluginConfig } from '@remix-run/dev'

/**
 * The Remix plugin options. Remix's Vite plugin never reads `remix.config.*` by itself;
 * `vite.config.ts` imports this module (see docs/decisions/0001-remix-config-under-vite.md).
 */
export const remixOptions: VitePluginConfig = {
  appDirectory: 'app',
  buildDirectory: 'build',
  serverModuleFormat: 'esm',
  ignoredRouteFiles: ['**/*.test.*', '**/*.server.*.ts'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
