/**
 * The demo specialist, so a newcomer sees a working public page (README "Demo account"). Idempotent:
 * fixed ids and `INSERT OR IGNORE`, so running it again changes nothing.
 *
 *   npm run seed            (local D1; `npm start` runs it)
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eventNameKey } from '#app/domain/event-types/link.ts'
import { hashPassword } from '#app/server/auth/password.server.ts'

export const DEMO = {
  userId: '01900000-0000-7000-8000-000000000001',
  login: 'demo',
  email: 'demo@example.com',
  password: 'Demo-password-1',
  scheduleId: '01900000-0000-7000-8000-000000000002',
}

/** Demo promo codes (README "Plans and payments"): 10 % off a plan, and 300 Fasties for the wallet. */
export const DEMO_PROMO_CODES = [
  { id: '01900000-0000-7000-8000-000000000010', code: 'DEMO10', kind: 'discountPercent', value: 10 },
  { id: '01900000-0000-7000-8000-000000000011', code: 'FASTIES300', kind: 'fasties', value: 300 },
] as const

const quote = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`)

export async function seedSql(): Promise<string> {
  const passwordHash = await hashPassword(DEMO.password)
  const weekly = JSON.stringify(
    [1, 2, 3, 4, 5].map((weekday) => ({ weekday, intervals: [{ start: '09:00', end: '18:00' }] })),
  )
  const eventTypes = [
    {
      id: '01900000-0000-7000-8000-000000000003',
      name: 'Консультация',
      link: 'consultation',
      description: 'Первая встреча: обсудим вашу задачу и как я могу помочь.',
      color: '#2f80ed',
      placeType: 'Online',
      meetingPoint: 'https://telemost.yandex.ru/j/00000000000000',
      duration: 30,
      step: 30,
      participantType: 'SimpleNotCollective',
      minSeats: 1,
      totalSeats: 1,
    },
    {
      id: '01900000-0000-7000-8000-000000000004',
      name: 'Групповой разбор',
      link: 'group-review',
      description: 'Разбор кейсов в небольшой группе до 5 человек.',
      color: '#2fb54b',
      placeType: 'Meet',
      meetingPoint: 'Москва, ул. Тверская, 1',
      duration: 60,
      step: 60,
      participantType: 'GroupNotCollective',
      minSeats: 2,
      totalSeats: 5,
    },
  ]
  return [
    `INSERT OR IGNORE INTO users (id, login, email, email_verified_at, password_hash, first_name, last_name, description, time_zone, culture, tariff)
     VALUES (${quote(DEMO.userId)}, 'demo', ${quote(DEMO.email)}, 0, ${quote(passwordHash)}, 'Анна', 'Демидова',
     'Психолог-консультант. Пишите: demo@example.com, сайт https://example.com', 'Europe/Moscow', 'ru', 'Pro');`,
    `INSERT OR IGNORE INTO schedules (id, owner_id, name, time_zone, is_default, weekly)
     VALUES (${quote(DEMO.scheduleId)}, ${quote(DEMO.userId)}, 'Рабочие часы', 'Europe/Moscow', 1, ${quote(weekly)});`,
    ...eventTypes.map(
      (
        e,
      ) => `INSERT OR IGNORE INTO event_types (id, owner_id, name, name_key, link, description, color, place_type, meeting_point,
       duration_in_minutes, step_minutes, reminders_in_minutes, participant_type, min_seats, total_seats, schedule_id)
       VALUES (${quote(e.id)}, ${quote(DEMO.userId)}, ${quote(e.name)}, ${quote(eventNameKey(e.name))}, ${quote(e.link)}, ${quote(e.description)},
       ${quote(e.color)}, ${quote(e.placeType)}, ${quote(e.meetingPoint)}, ${e.duration}, ${e.step}, '[60,1440]',
       ${quote(e.participantType)}, ${e.minSeats}, ${e.totalSeats}, ${quote(DEMO.scheduleId)});`,
    ),
    ...DEMO_PROMO_CODES.map(
      (p) => `INSERT OR IGNORE INTO promo_codes (id, code, kind, value)
       VALUES (${quote(p.id)}, ${quote(p.code)}, ${quote(p.kind)}, ${p.value});`,
    ),
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = join(mkdtempSync(join(tmpdir(), 'seed-')), 'seed.sql')
  writeFileSync(file, await seedSql())
  // Extra arguments (for example `--persist-to .wrangler/e2e`) pass through to wrangler.
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--file', file, ...process.argv.slice(2)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  })
  console.log(`Seeded the demo specialist: ${DEMO.email} / ${DEMO.password}`)
}
