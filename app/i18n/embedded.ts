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
