import { describe, expect, it } from 'vitest'
import { ONE_TIME_CREATE_PATH, oldMeetingsTarget, oldOneTimeTarget } from '#app/utils/old-routes.ts'

const none = new URLSearchParams()

describe('old one-time create URLs (SPEC §2 "Older variants")', () => {
  it("land every old step, and the bare path, on today's create flow", () => {
    for (const segments of [[], ['settings'], ['additional-settings'], ['success'], ['create', 'settings']]) {
      expect(oldOneTimeTarget(segments, none), segments.join('/')).toBe(ONE_TIME_CREATE_PATH)
    }
  })

  it("land the old success step of a meeting on today's success view of that meeting", () => {
    expect(oldOneTimeTarget(['success'], new URLSearchParams('companyEventId=a b'))).toBe(
      `${ONE_TIME_CREATE_PATH}?created=a%20b`,
    )
    expect(oldOneTimeTarget(['success'], new URLSearchParams('id=m1'))).toBe(`${ONE_TIME_CREATE_PATH}?created=m1`)
    expect(oldOneTimeTarget(['settings'], new URLSearchParams('id=m1'))).toBe(ONE_TIME_CREATE_PATH)
  })

  it('know nothing else', () => {
    expect(oldOneTimeTarget(['other'], none)).toBeNull()
    expect(oldOneTimeTarget(['settings', 'x'], none)).toBeNull()
  })
})

describe('old meeting URLs', () => {
  it('keep redirecting the old detail pages and lists', () => {
    expect(oldMeetingsTarget([], none)).toBe('/meetings')
    expect(oldMeetingsTarget(['m1'], none)).toBe('/meetings/m1')
    expect(oldMeetingsTarget(['myMeetings'], none)).toBe('/meetings?side=participant')
    expect(oldMeetingsTarget(['myMeetings', 'p 1'], none)).toBe('/meetings/myMeetings/p%201')
  })

  it("send the old one-time flow under /old-meetings to today's create flow", () => {
    expect(oldMeetingsTarget(['one-time-event', 'additional-settings'], none)).toBe(ONE_TIME_CREATE_PATH)
    expect(oldMeetingsTarget(['one-time-event'], none)).toBe(ONE_TIME_CREATE_PATH)
    expect(oldMeetingsTarget(['one-time-event', 'nope'], none)).toBeNull()
  })
})
