import { describe, expect, it } from 'vitest'
import { CalendarUrlError } from '#app/server/calendars/provider.server.ts'
import { assertCallableUrl } from '#app/server/calendars/url-guard.server.ts'
import { type AppEnv, parseEnv } from '#app/server/env.server.ts'

const production: AppEnv = parseEnv({ ENVIRONMENT: 'production', APP_URL: 'https://fastslot.example' })
const development: AppEnv = parseEnv({ ENVIRONMENT: 'development', APP_URL: 'http://localhost:8787' })

describe('assertCallableUrl in production', () => {
  it.each([
    'https://caldav.yandex.ru',
    'https://caldav.icloud.com/',
    'https://p42-caldav.icloud.com:443/123456/calendars/',
    'https://dav.example.org:8443/remote.php/dav/',
    'https://8.8.8.8/dav/',
    'https://100.63.255.255/',
    'https://100.128.0.1/',
    'https://172.15.255.255/',
    'https://172.32.0.1/',
    'https://192.169.0.1/',
    'https://[2001:db8::1]/',
    'https://[2a00:1450:4010:c05::64]/',
    'https://[::ffff:8.8.8.8]/',
    'https://[64:ff9b::808:808]/',
  ])('calls %s', (url) => {
    expect(assertCallableUrl(url, production).href).toBe(new URL(url).href)
  })

  it.each([
    ['http://caldav.yandex.ru/', 'plain http'],
    ['ftp://caldav.example.org/', 'another scheme'],
    ['https://alice:secret@caldav.example.org/', 'credentials'],
    ['https://alice@caldav.example.org/', 'a user name'],
    ['https://localhost/', 'localhost'],
    ['https://LOCALHOST./', 'localhost with a trailing dot'],
    ['https://radicale.localhost/', '*.localhost'],
    ['https://printer.local/', '*.local'],
    ['https://metadata.google.internal/', '*.internal'],
    ['https://intranet/', 'a single label'],
    ['https://0.0.0.0/', '0/8'],
    ['https://10.1.2.3/', '10/8'],
    ['https://100.64.0.1/', '100.64/10'],
    ['https://100.127.255.254/', '100.64/10, last'],
    ['https://127.0.0.1:5232/', 'loopback'],
    ['https://127.1/', 'a short loopback form'],
    ['https://2130706433/', 'a decimal loopback form'],
    ['https://0x7f.0.0.1/', 'a hex loopback form'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local (metadata)'],
    ['https://172.16.0.1/', '172.16/12'],
    ['https://172.31.255.255/', '172.16/12, last'],
    ['https://192.168.1.1/', '192.168/16'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://255.255.255.255/', 'broadcast'],
    ['https://[::1]/', 'IPv6 loopback'],
    ['https://[::]/', 'IPv6 unspecified'],
    ['https://[fc00::1]/', 'unique local fc00::/7'],
    ['https://[fd12:3456:789a::1]/', 'unique local fd'],
    ['https://[fe80::1]/', 'link-local fe80::/10'],
    ['https://[febf::1]/', 'link-local, last'],
    ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['https://[::ffff:a9fe:a9fe]/', 'IPv4-mapped link-local, hex'],
    ['https://[::ffff:192.168.0.1]/', 'IPv4-mapped private'],
    ['https://[::10.0.0.1]/', 'IPv4-compatible private'],
    ['https://[64:ff9b::10.0.0.1]/', 'NAT64 of a private address'],
    ['not a url', 'garbage'],
  ])('refuses %s (%s)', (url) => {
    expect(() => assertCallableUrl(url, production)).toThrow(CalendarUrlError)
  })
})

describe('assertCallableUrl in development', () => {
  it.each([
    'http://127.0.0.1:5232/',
    'http://localhost:5232/alice/',
    'http://[::1]:5232/',
    'http://192.168.1.10/dav/',
    'https://caldav.yandex.ru',
  ])('calls %s', (url) => {
    expect(assertCallableUrl(url, development).href).toBe(new URL(url).href)
  })

  it.each(['ftp://127.0.0.1/', 'http://alice:secret@127.0.0.1:5232/', 'file:///etc/passwd'])('refuses %s', (url) => {
    expect(() => assertCallableUrl(url, development)).toThrow(CalendarUrlError)
  })
})
