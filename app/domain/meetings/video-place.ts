/**
 * Where a meeting of an event type takes place, and what of it the public sees (issue 15). An online event type
 * either has one fixed link or asks a video service for each meeting's own; the public event page shows only the kind
 * of place ("Online, Yandex Telemost"), never the link, which reaches participants in their email, ICS, manage page and
 * reminders. A street address stays visible: clients need it to choose.
 */
import type { VideoLinkService } from '../enums.ts'
import { type MeetingLinkKind, meetingLinkKind } from './meeting-link.ts'

type PlaceOf = {
  placeType: 'Meet' | 'Online' | 'Phone'
  meetingPoint: string | null
  videoLinkService: VideoLinkService | null
}

/** A new meeting's place columns: a service's own link comes later (the meeting's conference), a fixed one now. */
export function videoPlace(eventType: PlaceOf): {
  meetingPoint: string | null
  videoLinkService: VideoLinkService | null
} {
  const service = eventType.placeType === 'Online' ? eventType.videoLinkService : null
  return { meetingPoint: service ? null : eventType.meetingPoint, videoLinkService: service }
}

export type PublicPlace =
  | { kind: 'Meet'; address: string | null }
  | { kind: 'Online'; service: MeetingLinkKind | null }
  | { kind: 'Phone' }

/** What the public event page and its JSON may show of the place. */
export function publicPlace(eventType: PlaceOf): PublicPlace {
  if (eventType.placeType === 'Phone') return { kind: 'Phone' }
  if (eventType.placeType === 'Meet') return { kind: 'Meet', address: eventType.meetingPoint }
  const service =
    eventType.videoLinkService ?? (eventType.meetingPoint ? meetingLinkKind(eventType.meetingPoint) : null)
  return { kind: 'Online', service }
}
