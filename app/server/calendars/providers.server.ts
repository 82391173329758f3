/**
 * The provider of an integration, by its type (provider.server.ts has the interface). Yandex, Apple and CalDav are
 * CalDAV servers (caldav.server.ts); Google and Outlook speak their REST APIs. `fetcher` is the tests' fetch boundary.
 */
import type { AppEnv } from '../env.server.ts'
import { createCalDavProvider } from './caldav.server.ts'
import { createGoogleProvider } from './google.server.ts'
import { createOutlookProvider } from './outlook.server.ts'
import { type CalendarProvider, CalendarUnavailableError, type ProviderInput } from './provider.server.ts'

export function providerFor(input: ProviderInput, env: AppEnv, fetcher?: typeof fetch): CalendarProvider {
  switch (input.type) {
    case 'Yandex':
    case 'Apple':
    case 'CalDav':
      return createCalDavProvider(input, env, fetcher)
    case 'Google':
      return createGoogleProvider(input, env, fetcher)
    case 'Outlook':
      return createOutlookProvider(input, env, fetcher)
    default:
      throw new CalendarUnavailableError(`No calendar provider for ${input.type} yet`)
  }
}
