import { Fragment } from 'react'

// SPEC §5 "Link detector": http/https URLs with a domain or IP, optional port, path, query, hash; emails too.
const PATTERN =
  /(https?:\/\/(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#][^\s<]*)?|https?:\/\/\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:[/?#][^\s<]*)?|[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,})/gi

/** Text with its links and email addresses made clickable (the profile card, SPEC §2). */
export function Linkified({ text }: { text: string }) {
  // Keys: each part's offset in the text, stable for a given text.
  let offset = 0
  const parts = text.split(PATTERN).map((part, i) => {
    const at = offset
    offset += part.length
    return { part, isLink: i % 2 === 1, key: `${at}:${part.length}` }
  })
  return (
    <>
      {parts.map(({ part, isLink, key }) => {
        if (!isLink) return <Fragment key={key}>{part}</Fragment>
        const trimmed = part.replace(/[.,;:!?)]+$/, '')
        const rest = part.slice(trimmed.length)
        const href = trimmed.includes('@') && !trimmed.startsWith('http') ? `mailto:${trimmed}` : trimmed
        return (
          <Fragment key={key}>
            <a href={href} className="text-primary underline" target="_blank" rel="noopener noreferrer nofollow">
              {trimmed}
            </a>
            {rest}
          </Fragment>
        )
      })}
    </>
  )
}
