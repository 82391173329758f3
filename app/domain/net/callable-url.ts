/**
 * Which URLs the Worker may call on a user's behalf: a CalDAV server's URL and every URL that server points to
 * (issue 14, app/server/calendars/url-guard.server.ts), a webhook endpoint (issue 17). In production: https only, no credentials in the URL, and a public host: no localhost or local-only names and
 * no loopback, private, link-local or otherwise non-public IP literal (IPv4-mapped and IPv4-embedding IPv6 forms
 * included). A public name that resolves to a private address is not checked here: a Worker's fetch goes out to the
 * internet and cannot reach a private network. In development (a local Radicale, a
 * receiver on 127.0.0.1) http and any host are allowed.
 */

/** [first address, prefix length] of the IPv4 ranges that are not public unicast. */
const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8], // "this" network
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
]

function inV4Range(address: number, [base, bits]: [number, number]): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0
  return (address & mask) >>> 0 === base
}

/** The 32-bit value of a dotted IPv4 literal (the URL parser has already normalised hex and short forms). */
function parseV4(host: string): number | null {
  const parts = host.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null
  return parts.reduce((value, part) => value * 256 + Number(part), 0)
}

const isPrivateV4 = (address: number) => PRIVATE_V4.some((range) => inV4Range(address, range))

/** The eight 16-bit groups of an IPv6 literal (without brackets), or null when it is not one. */
function parseV6(host: string): number[] | null {
  let text = host
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted) {
    const v4 = parseV4(dotted[2])
    if (v4 === null) return null
    text = `${dotted[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const head = groups(halves[0])
  const rest = halves.length === 2 ? groups(halves[1]) : []
  if (![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null
  const known = head.length + rest.length
  if (halves.length === 1 ? known !== 8 : known > 7) return null
  const zeros = new Array<number>(8 - known).fill(0)
  return [...head, ...zeros.map(String), ...rest].map((group) => Number.parseInt(group, 16))
}

function isPrivateV6(groups: number[]): boolean {
  const [a, b, c, d, e, f, g, h] = groups
  const embeddedV4 = ((g << 16) | h) >>> 0
  // ::ffff:a.b.c.d (IPv4-mapped), ::a.b.c.d (IPv4-compatible, :: and ::1 included), 64:ff9b::a.b.c.d (NAT64).
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0)) {
    return f === 0 ? embeddedV4 <= 1 || isPrivateV4(embeddedV4) : isPrivateV4(embeddedV4)
  }
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return isPrivateV4(embeddedV4)
  if ((a & 0xfe00) === 0xfc00) return true // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true // link-local, old site-local
  if ((a & 0xff00) === 0xff00) return true // multicast
  return false
}

/** A host name only a local network answers (or no DNS at all: a single label). */
function isLocalName(host: string): boolean {
  return (
    host === 'localhost' ||
    !host.includes('.') ||
    ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa'].some((suffix) => host.endsWith(suffix))
  )
}

/** Why the URL may not be called (an English sentence for logs and details), or null with the parsed URL when it may. */
export function callableUrl(
  url: string,
  production: boolean,
): { url: URL; problem: null } | { url: null; problem: string } {
  const refuse = (problem: string) => ({ url: null, problem }) as const
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return refuse(`Not a URL: ${url}`)
  }
  if (parsed.username || parsed.password) return refuse('A URL may not carry credentials')
  const allowed = production ? ['https:'] : ['https:', 'http:']
  if (!allowed.includes(parsed.protocol))
    return refuse(`Only ${allowed.join(' or ')} URLs are called: ${parsed.protocol}`)
  const callable = { url: parsed, problem: null } as const
  if (!production) return callable
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[')) {
    const groups = parseV6(host.slice(1, -1))
    return !groups || isPrivateV6(groups) ? refuse(`Not a public address: ${host}`) : callable
  }
  const v4 = parseV4(host)
  if (v4 !== null) return isPrivateV4(v4) ? refuse(`Not a public address: ${host}`) : callable
  return isLocalName(host) ? refuse(`Not a public host: ${host}`) : callable
}
