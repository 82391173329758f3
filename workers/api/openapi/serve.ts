import type { Context } from 'hono'
import { isLanguage } from '#app/i18n/config.ts'
import type { ApiEnv } from '../context.ts'
import { openApiDocument } from './document.ts'

/** Where the build puts the reference page's script (scripts/vendor-assets.ts copies it from @scalar/api-reference). */
export const API_REFERENCE_SCRIPT = '/vendor/scalar/standalone.js'

/** `?lang=ru|en`, else the `locale` / `Accept-Language` header the API middleware read. */
function languageOf(c: Context<ApiEnv>) {
  const asked = c.req.query('lang')
  return asked && isLanguage(asked) ? asked : c.get('language')
}

/** `GET /api/openapi.json`: the document, public (it holds no one's data) and cacheable for a few minutes. */
export function openApiJson(c: Context<ApiEnv>) {
  const language = languageOf(c)
  c.header('Cache-Control', 'public, max-age=300')
  c.header('Content-Language', language)
  c.header('Vary', 'Accept-Language, locale')
  return c.json(openApiDocument(language))
}

const TITLE = { ru: 'FastSlot API — справочник', en: 'FastSlot API reference' }

/**
 * `GET /api/docs`: the Scalar reference over the document, its script served from our own assets (the pages' CSP
 * allows no other origin's scripts, and needs no inline one: the script reads its settings from data attributes).
 */
export function apiReference(c: Context<ApiEnv>) {
  const language = languageOf(c)
  const other = language === 'ru' ? 'en' : 'ru'
  const configuration = JSON.stringify({
    withDefaultFonts: false,
    showDeveloperTools: 'never',
    hideClientButton: true,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
  }).replaceAll('"', '&quot;')
  c.header('Content-Language', language)
  return c.html(`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE[language]}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<nav style="font:14px system-ui,sans-serif;padding:6px 12px;text-align:right"><a href="/api/docs?lang=${other}" hreflang="${other}">${other === 'en' ? 'English' : 'Русский'}</a> · <a href="/api/openapi.json?lang=${language}">openapi.json</a></nav>
<script id="api-reference" data-url="/api/openapi.json?lang=${language}" data-configuration="${configuration}"></script>
<script src="${API_REFERENCE_SCRIPT}"></script>
<noscript>${language === 'ru' ? 'Справочник работает со скриптами; сам документ:' : 'The reference needs scripts; the document itself:'} <a href="/api/openapi.json?lang=${language}">/api/openapi.json</a></noscript>
</body>
</html>`)
}
