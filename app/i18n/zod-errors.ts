import type { TFunction } from 'i18next'
import type { z } from 'zod'

/**
 * Turns a zod issue into a translated text naming the field (API-CONTRACT.md "Envelope and errors":
 * `"password: Минимум 8 символов"`). Schemas give their own messages as i18n keys (`validation:...`);
 * issues without one are named by their code.
 */
export function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  const field = issue.path.map(String).join('.')
  const text = issueMessage(issue, t)
  return field ? `${field}: ${text}` : text
}

function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  // A schema's "required" message is for a missing value; a value of the wrong type is invalid, not missing. The
  // input is on the issue only when parsed with `{ reportInput: true }` (the API's parseWith does).
  if (issue.code === 'invalid_type' && issue.message === 'validation:required' && issue.input != null) {
    return t('validation:invalid')
  }
  if (issue.message.includes(':') && /^[a-zA-Z]+:[a-zA-Z.]+$/.test(issue.message)) {
    const params =
      'minimum' in issue
        ? { count: Number(issue.minimum), min: Number(issue.minimum) }
        : 'maximum' in issue
          ? { count: Number(issue.maximum), max: Number(issue.maximum) }
          : {}
    return t(issue.message, params)
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input == null ? t('validation:required') : t('validation:invalid')
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('validation:required')
          : t('validation:minChars', { count: Number(issue.minimum) })
      }
      return t('validation:min', { min: Number(issue.minimum) })
    case 'too_big':
      if (issue.origin === 'string') return t('validation:maxChars', { count: Number(issue.maximum) })
      return t('validation:max', { max: Number(issue.maximum) })
    case 'unrecognized_keys':
      return t('validation:unknownKeys', { keys: issue.keys.join(', '), count: issue.keys.length })
    case 'invalid_format':
      return issue.format === 'email' ? t('validation:invalidEmail') : t('validation:invalid')
    default:
      return t('validation:invalid')
  }
}
