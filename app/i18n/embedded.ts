import { DEFAULT_LANGUAGE, type Language, isLanguage } from './config.ts'

export const EMBEDDED_TRANSLATIONS_ID = 'i18n-resources'

/** Reads the translations root.tsx embedded as JSON in the document, for the client's i18next. */
export function readEmbeddedTranslations(): { language: Language; resources: Record<string, unknown> } {
  const element = document.getElementById(EMBEDDED_TRANSLATIONS_ID)
  const language = document.documentElement.lang
  return {
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    resources: element?.textContent ? JSON.parse(element.textContent) : {},
  }
}

/** JSON safe inside a `<script type="application/json">`: no `</script>` can close it early. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

let inDocument: string | null = null

/**
 * What the embedded-translations script holds: serialized on the server; in the browser the text the document already
 * has, read once (the client translator read it at start and fetches any other namespace itself, ADR 0116), so a
 * hydration or a navigation does not serialize the texts again only to write back the same script.
 */
export function embeddedTranslationsHtml(texts: () => unknown): string {
  if (typeof document === 'undefined') return serializeForScript(texts())
  inDocument ??= document.getElementById(EMBEDDED_TRANSLATIONS_ID)?.textContent ?? serializeForScript(texts())
  return inDocument
}
