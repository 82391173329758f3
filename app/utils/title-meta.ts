import type { MetaDescriptor, MetaFunction } from '@remix-run/cloudflare'

/** A string the loader answered under `key`, if it did. */
function loaded(data: unknown, key: string): string | undefined {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined
  return typeof value === 'string' ? value : undefined
}

/**
 * A page's meta tags: the `<title>` its loader answered (`title`), and on request the description it answered
 * (`description`) or a `noindex` for robots (a page reached by a private link).
 */
export function pageMeta(options: { description?: boolean; noindex?: boolean } = {}): MetaFunction {
  return ({ data }) => {
    const tags: MetaDescriptor[] = [{ title: loaded(data, 'title') }]
    if (options.description) tags.push({ name: 'description', content: loaded(data, 'description') })
    if (options.noindex) tags.push({ name: 'robots', content: 'noindex' })
    return tags
  }
}

/** A page's `<title>`: the `title` its loader answered. */
export const titleMeta = pageMeta()
