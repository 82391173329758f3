/** The colours an event type can take; the first is the default (SPEC §9 "Default event colour #ff0000"). */
export const EVENT_TYPE_COLORS = [
  '#ff0000',
  '#ff7a00',
  '#ffc700',
  '#2fb54b',
  '#00a3a3',
  '#2f80ed',
  '#5b4bdb',
  '#b04bdb',
  '#e0448c',
  '#6b7280',
] as const

export const DEFAULT_EVENT_TYPE_COLOR = EVENT_TYPE_COLORS[0]
