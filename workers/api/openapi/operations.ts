import { z } from 'zod'
import {
  ChangePasswordSchema,
  ConfirmCodeSchema,
  ProfileSchema,
  RestoreRequestSchema,
  RestoreSchema,
  SigninSchema,
  SignupSchema,
} from '#app/domain/accounts/rules.ts'
import {
  AppleConnectSchema,
  BusySourceSchema,
  CalDavConnectSchema,
  IntegrationStatusSchema,
  OldVersionSchema,
  WriteTargetSchema,
  YandexConnectSchema,
} from '#app/domain/calendars/rules.ts'
import {
  ContactFilterSchema,
  ContactInvitationSchema,
  ContactMessageSchema,
  NewContactSchema,
} from '#app/domain/contacts/rules.ts'
import { eventTypeSchema } from '#app/domain/event-types/schema.ts'
import { meetingListApiQuerySchema } from '#app/domain/meetings/rules.ts'
import { OneTimeEventSchema } from '#app/domain/one-time/rules.ts'
import { scheduleSchema } from '#app/domain/schedules/schema.ts'
import { PatCreateSchema, webhookCreateSchema } from '#app/domain/webhooks/rules.ts'
import { PayPlanSchema, PromoSchema, RenewalSchema } from '#app/server/billing/checkout.server.ts'
import {
  AfterBookingCodeSchema,
  ApiSigninSchema,
  CultureSchema,
  LogoutSchema,
  RefreshSchema,
  ResendSchema,
  TimeZoneQuerySchema,
} from '../accounts.ts'
import { ClosedSchema } from '../advertising.ts'
import { ContactIdsBodySchema, ContactsPageSchema } from '../contacts.ts'
import {
  IsActiveQuery,
  PagingSchema,
  ShowSchema,
  SlotsQuery,
  StatusSchema,
  YearMonth,
  YearMonthDay,
} from '../event-types.ts'
import {
  AdjutantsSchema,
  CrossQuerySchema,
  MoveSchema,
  NewVisitorsSchema,
  OrganizerPatchSchema,
  ParticipantPatchSchema,
  PickerQuerySchema,
  VisitorsSchema,
} from '../meetings.ts'
import { NotificationsPageSchema, ReadSchema, TokenSchema } from '../notify.ts'
import { IsFreeQuerySchema, OneTimeClientSchema, OneTimeHoldSchema, OneTimeMessageSchema } from '../one-time.ts'
import { bookingBodySchema } from '#app/server/booking/booking-body.server.ts'
import { HoldSchema, PublicMessageSchema, clientIdSchema } from '../public-booking.ts'
import * as R from './responses.ts'

/**
 * Who may call an operation: anyone (`public`); a signed-in person with an access token or a personal access token
 * (`user`); the person's own sign-in only, a personal access token answers 403 (`session`); or an outside service
 * that proves itself another way (`service`: a channel token, the bot's secret, a payment id read back).
 */
export type Auth = 'public' | 'user' | 'session' | 'service'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

export type Operation = {
  method: Method
  /** The router's path without the version prefix, hono's `:param` form. */
  path: string
  operationId: string
  tag: string
  auth: Auth
  summary: { ru: string; en: string }
  /** Path parameters the route validates (others are plain strings). */
  params?: z.ZodObject
  /** Query parameters: the schema the route validates with, or (`documentedQuery`) what it reads one by one. */
  query?: z.ZodType
  /** True when `query` only documents parameters the route reads without a schema of its own. */
  documentedQuery?: boolean
  /** The JSON body the route validates with, or a multipart upload. */
  body?: z.ZodType | 'multipart'
  /** `data` of a success (required: an operation is never left undescribed, ADR 0104). */
  data: z.ZodType
  status?: 200 | 201 | 202
  /** Other success statuses (a replayed booking answers 200 instead of 201). */
  alsoStatus?: number[]
  /** Error statuses beyond the ones every operation of its kind has (see `errorStatuses`). */
  errors?: number[]
  /** The answer is not the envelope (a provider's notification gets an empty 200/202). */
  raw?: boolean
  /** Takes an `Idempotency-Key` header: the same key books once. */
  idempotencyKey?: boolean
}

/** The error statuses of an operation: 400 for input, 401/403/429 for a sign-in, 404 always (unknown objects). */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set<number>([400, 404, ...(op.errors ?? [])])
  if (op.auth === 'user' || op.auth === 'session') for (const status of [401, 403, 429]) statuses.add(status)
  return [...statuses].sort((a, b) => a - b)
}

type Extra = Partial<Omit<Operation, 'method' | 'path' | 'operationId' | 'tag' | 'auth' | 'summary' | 'data'>> &
  Pick<Operation, 'data'>

export const TAGS: { name: string; ru: string; en: string }[] = []

function tag(name: string, ru: string, en: string) {
  TAGS.push({ name, ru, en })
  return (
    method: Method,
    path: string,
    operationId: string,
    auth: Auth,
    ru: string,
    en: string,
    extra: Extra,
  ): Operation => ({
    method,
    path,
    operationId,
    tag: name,
    auth,
    summary: { ru, en },
    ...extra,
  })
}

// Schemas that depend on the request (today, the event type's required fields) are documented with neutral values.
const today = () => new Date().toISOString().slice(0, 10)
const EventTypeBody = eventTypeSchema({ today: today(), savedPeriodStart: null })
const ScheduleBody = scheduleSchema({ now: Date.now() })
const BookingBody = bookingBodySchema({ isLastNameRequired: false, isPhoneRequired: false, isMessengerRequired: false })
const MeetingListQuery = meetingListApiQuerySchema('Europe/Moscow')
const Flag = z.enum(['true', 'false', '1', '0']).optional()

const definitions = tag('definitions', 'Справочники', 'Definitions')
const identity = tag('identity', 'Вход и регистрация', 'Identity')
const profile = tag('profile', 'Профиль', 'Profile')
const schedules = tag('schedules', 'Расписания', 'Schedules')
const eventTypes = tag('eventTypes', 'Типы событий', 'Event types')
const publicBooking = tag('publicBooking', 'Публичная запись', 'Public booking')
const notifications = tag('notifications', 'Уведомления', 'Notifications')
const contacts = tag('contacts', 'Контакты', 'Contacts')
const meetings = tag('meetings', 'Встречи и записи', 'Meetings and bookings')
const oneTime = tag('oneTime', 'Разовые встречи', 'One-time meetings')
const calendars = tag('calendars', 'Календари', 'Calendars')
const billing = tag('billing', 'Тарифы и оплата', 'Plans and payments')
const webhooks = tag('webhooks', 'Вебхуки', 'Webhooks')
const tokens = tag('personalAccessTokens', 'Персональные токены', 'Personal access tokens')
const video = tag('video', 'Видеовстречи', 'Video meetings')

const Login = z.object({ login: z.string() })

/** Every operation of workers/api/index.ts; a test fails when a route is missing here or one here is not routed. */
export const OPERATIONS: Operation[] = [
  definitions('get', '/definitions/timeZones', 'listTimeZones', 'public', 'Часовые пояса', 'Time zones', {
    query: z.object({ preferredIanaId: z.string().optional() }),
    documentedQuery: true,
    data: R.TimeZonesData,
  }),
  definitions(
    'get',
    '/definitions/eventTypeColors',
    'listEventTypeColors',
    'public',
    'Цвета типов событий',
    'Event type colours',
    {
      data: z.array(z.string()),
    },
  ),
  definitions('get', '/definitions/tariffs', 'listTariffs', 'public', 'Тарифы', 'Plans', { data: R.PlansData }),

  identity(
    'post',
    '/identity/signup/email',
    'signup',
    'public',
    'Регистрация по email (код приходит письмом)',
    'Sign up by email (a code is emailed)',
    {
      body: SignupSchema,
      query: z.object({ isConsentMailing: Flag }),
      documentedQuery: true,
      data: R.IdData,
      status: 201,
      errors: [409, 429],
    },
  ),
  identity(
    'delete',
    '/identity/signup/email',
    'cancelSignup',
    'public',
    'Отменить незавершённую регистрацию',
    'Cancel an unfinished sign-up',
    {
      query: z.object({ id: z.string() }),
      documentedQuery: true,
      data: R.NullData,
    },
  ),
  identity(
    'delete',
    '/identity/signup/email/code',
    'invalidateSignupCode',
    'public',
    'Отменить код регистрации',
    'Invalidate the sign-up code',
    {
      query: z.object({ id: z.string() }),
      documentedQuery: true,
      data: R.NullData,
    },
  ),
  identity(
    'post',
    '/identity/signup/email/code',
    'confirmSignup',
    'public',
    'Подтвердить регистрацию кодом',
    'Confirm the sign-up with the code',
    {
      body: z.union([ConfirmCodeSchema, AfterBookingCodeSchema]),
      query: z.object({ afterBooking: Flag, isConsentMailing: Flag }),
      documentedQuery: true,
      data: R.TokenPairData,
      errors: [429],
    },
  ),
  identity(
    'post',
    '/identity/signup/email/resend',
    'resendSignupCode',
    'public',
    'Выслать код ещё раз',
    'Resend the code',
    {
      body: ResendSchema,
      data: R.NullData,
      errors: [429],
    },
  ),
  identity(
    'get',
    '/identity/signup/:service',
    'startProviderSignin',
    'public',
    'Вход через Google, Яндекс и др.: ссылка',
    'Sign in with a provider: its consent link',
    {
      query: z.object({
        redirectUrl: z.string(),
        codeChallenge: z.string().optional(),
        codeChallengeMethod: z.literal('S256').optional(),
      }),
      documentedQuery: true,
      data: R.UrlData,
      errors: [503],
    },
  ),
  identity(
    'delete',
    '/identity/signup/:service',
    'unlinkProvider',
    'user',
    'Отвязать провайдера входа',
    'Unlink a sign-in provider',
    {
      data: R.NullData,
      errors: [409],
    },
  ),
  identity(
    'post',
    '/apiKey/signin',
    'exchangeSigninCode',
    'public',
    'Обменять код входа через провайдера на токены',
    "Exchange a provider sign-in's code for tokens",
    {
      body: ApiSigninSchema,
      data: R.TokenPairData,
      errors: [429],
    },
  ),
  identity(
    'post',
    '/identity/signin/email',
    'signin',
    'public',
    'Вход по логину или email и паролю',
    'Sign in with login or email and password',
    {
      body: SigninSchema,
      data: R.TokenPairData,
      errors: [401, 403, 429],
    },
  ),
  identity(
    'post',
    '/identity/refresh/token',
    'refreshToken',
    'public',
    'Обновить токен доступа',
    'Refresh the access token',
    {
      body: RefreshSchema,
      data: R.TokenPairData,
      errors: [401],
    },
  ),
  identity(
    'post',
    '/identity/logout',
    'logout',
    'public',
    'Выйти (отозвать refresh-токен)',
    'Sign out (revoke the refresh token)',
    {
      body: LogoutSchema,
      data: R.NullData,
    },
  ),
  identity(
    'post',
    '/restore',
    'requestPasswordReset',
    'public',
    'Запросить ссылку для сброса пароля',
    'Ask for a password reset link',
    {
      body: RestoreRequestSchema,
      data: R.NullData,
      errors: [429],
    },
  ),
  identity(
    'put',
    '/restore',
    'resetPassword',
    'public',
    'Задать новый пароль по ссылке',
    'Set a new password from the link',
    {
      body: RestoreSchema,
      data: R.NullData,
      errors: [429],
    },
  ),
  identity('get', '/unique/email/:email', 'isEmailFree', 'public', 'Свободен ли email', 'Is the email free', {
    data: R.IsOkData,
    errors: [429],
  }),
  identity('get', '/unique/login/:login', 'isLoginFree', 'public', 'Свободен ли логин', 'Is the login free', {
    data: R.IsOkData,
    errors: [429],
  }),

  profile('get', '/profile', 'getProfile', 'user', 'Профиль', 'Profile', { data: R.ProfileData }),
  profile(
    'get',
    '/profile/eventTypes',
    'listProfileEventTypes',
    'user',
    'Мои типы событий (кратко)',
    'My event types (short)',
    {
      data: z.array(R.ShortEventTypeData),
    },
  ),
  profile('put', '/profile', 'updateProfile', 'user', 'Изменить профиль', 'Update the profile', {
    body: ProfileSchema.partial(),
    data: R.NullData,
  }),
  profile('delete', '/profile', 'deleteAccount', 'session', 'Удалить аккаунт', 'Delete the account', {
    data: R.NullData,
  }),
  profile(
    'delete',
    '/unisenderGo',
    'withdrawMailingConsent',
    'user',
    'Отписаться от рассылки',
    'Withdraw the mailing consent',
    {
      data: R.NullData,
    },
  ),
  profile(
    'put',
    '/profile/avatar',
    'setAvatar',
    'user',
    'Загрузить аватар (multipart, поле file)',
    'Upload the avatar (multipart, field file)',
    {
      body: 'multipart',
      data: z.object({ imageUrl: z.string() }),
      errors: [413],
    },
  ),
  profile('delete', '/profile/avatar', 'deleteAvatar', 'user', 'Удалить аватар', 'Delete the avatar', {
    data: R.NullData,
  }),
  profile(
    'put',
    '/profile/password',
    'changePassword',
    'user',
    'Сменить пароль (ответ: новая пара токенов)',
    'Change the password (answers a new token pair)',
    {
      body: ChangePasswordSchema,
      data: R.TokenPairData,
    },
  ),
  profile('put', '/profile/culture', 'setCulture', 'user', 'Язык интерфейса', 'Interface language', {
    body: CultureSchema,
    data: R.NullData,
  }),
  profile('put', '/user/ianaTimeZoneId', 'setTimeZone', 'user', 'Часовой пояс', 'Time zone', {
    query: TimeZoneQuerySchema,
    data: R.NullData,
  }),

  schedules('get', '/schedule', 'listSchedules', 'user', 'Расписания', 'Schedules', { data: z.array(R.ScheduleData) }),
  schedules('post', '/schedule', 'createSchedule', 'user', 'Создать расписание', 'Create a schedule', {
    body: ScheduleBody,
    data: R.IdData,
    status: 201,
  }),
  schedules('get', '/schedule/:id', 'getSchedule', 'user', 'Расписание', 'A schedule', { data: R.ScheduleData }),
  schedules('put', '/schedule/:id', 'updateSchedule', 'user', 'Изменить расписание', 'Update a schedule', {
    body: ScheduleBody,
    data: R.ScheduleData,
  }),
  schedules('post', '/schedule/:id/copy', 'copySchedule', 'user', 'Копировать расписание', 'Copy a schedule', {
    data: R.IdData,
    status: 201,
  }),
  schedules('delete', '/schedule/:id', 'deleteSchedule', 'user', 'Удалить расписание', 'Delete a schedule', {
    data: R.NullData,
    errors: [409],
  }),

  eventTypes('get', '/eventTypes', 'listEventTypes', 'user', 'Типы событий (страницами)', 'Event types (paged)', {
    query: PagingSchema,
    data: R.EventTypeListData,
  }),
  eventTypes('post', '/eventTypes', 'createEventType', 'user', 'Создать тип события', 'Create an event type', {
    body: EventTypeBody,
    data: R.IdData,
    status: 201,
  }),
  eventTypes(
    'get',
    '/eventTypes/isOkAdd',
    'canAddEventType',
    'user',
    'Можно ли добавить тип события по тарифу',
    'May the plan add an event type',
    {
      data: R.IsOkData,
    },
  ),
  eventTypes(
    'get',
    '/eventTypes/getEventTypeTariffOptions',
    'eventTypeTariffOptions',
    'user',
    'Что из настроек доступно по тарифу',
    'Which settings the plan allows',
    { data: R.PlanOptionsData },
  ),
  eventTypes(
    'get',
    '/eventTypes/short',
    'listShortEventTypes',
    'user',
    'Типы событий (кратко)',
    'Event types (short)',
    {
      query: z.object({ isActive: IsActiveQuery }),
      data: z.array(R.ShortEventTypeData),
    },
  ),
  eventTypes('get', '/eventTypes/:id', 'getEventType', 'user', 'Тип события', 'An event type', {
    data: R.EventTypeData,
  }),
  eventTypes('put', '/eventTypes/:id', 'updateEventType', 'user', 'Изменить тип события', 'Update an event type', {
    body: EventTypeBody,
    data: R.EventTypeData,
  }),
  eventTypes('delete', '/eventTypes/:id', 'deleteEventType', 'user', 'Удалить тип события', 'Delete an event type', {
    data: R.NullData,
  }),
  eventTypes('post', '/eventTypes/:id/copy', 'copyEventType', 'user', 'Копировать тип события', 'Copy an event type', {
    data: R.IdData,
    status: 201,
  }),
  eventTypes(
    'get',
    '/eventTypes/:id/isOkChangeActivity',
    'canChangeEventTypeActivity',
    'user',
    'Можно ли включить/выключить',
    'May it be switched on or off',
    {
      data: R.IsOkCommentsData,
    },
  ),
  eventTypes(
    'put',
    '/eventTypes/:id/status',
    'setEventTypeActive',
    'user',
    'Включить или выключить',
    'Switch on or off',
    {
      body: StatusSchema,
      data: StatusSchema,
    },
  ),
  eventTypes(
    'put',
    '/eventTypes/:id/isShowOnSpecialistPage',
    'showEventTypeOnPage',
    'user',
    'Показывать на странице специалиста',
    "Show on the specialist's page",
    {
      body: ShowSchema,
      data: ShowSchema,
    },
  ),
  eventTypes(
    'get',
    '/eventTypes/:id/share',
    'shareEventType',
    'user',
    'Ссылки и код виджета',
    'Links and the widget code',
    { data: R.EventTypeShareData },
  ),
  eventTypes(
    'get',
    '/eventTypes/:id/templateData',
    'eventTypeTemplate',
    'user',
    'Данные для копирования как шаблон',
    'Data to start a new one from',
    { data: R.EventTypeTemplateData },
  ),
  eventTypes(
    'get',
    '/eventTypes/:id/days/:year/:month',
    'listEventTypeDays',
    'user',
    'Свободные дни месяца (для организатора)',
    "The month's free days (organizer's view)",
    {
      params: YearMonth,
      data: R.DaysData,
    },
  ),
  eventTypes(
    'get',
    '/eventTypes/:id/slots/:year/:month/:day',
    'listEventTypeSlots',
    'user',
    'Свободные слоты дня (для организатора)',
    "The day's free slots (organizer's view)",
    {
      params: YearMonthDay,
      query: SlotsQuery,
      data: R.SlotsData,
    },
  ),
  eventTypes(
    'get',
    '/unique/eventType/name/:name',
    'isEventNameFree',
    'user',
    'Свободно ли название',
    'Is the name free',
    {
      data: R.IsOkCommentsData,
    },
  ),
  eventTypes(
    'get',
    '/unique/eventType/:id/name/:name/notcurrent',
    'isEventNameFreeExcept',
    'user',
    'Свободно ли название (кроме этого типа)',
    'Is the name free (but for this one)',
    {
      data: R.IsOkCommentsData,
    },
  ),
  eventTypes(
    'get',
    '/unique/eventType/link/:link',
    'isEventLinkFree',
    'user',
    'Свободна ли ссылка',
    'Is the link free',
    {
      data: R.IsOkCommentsData,
    },
  ),
  eventTypes(
    'get',
    '/unique/eventType/:id/link/:link/notcurrent',
    'isEventLinkFreeExcept',
    'user',
    'Свободна ли ссылка (кроме этого типа)',
    'Is the link free (but for this one)',
    {
      data: R.IsOkCommentsData,
    },
  ),
  eventTypes(
    'get',
    '/widget/isOkUse',
    'canUseWidget',
    'user',
    'Разрешён ли виджет по тарифу',
    'Does the plan allow the widget',
    {
      data: R.IsOkData,
    },
  ),
  eventTypes(
    'get',
    '/widget/eventType/:id/isOkUse',
    'canUseWidgetFor',
    'user',
    'Разрешён ли виджет для типа',
    'Does the plan allow its widget',
    {
      data: R.IsOkData,
    },
  ),

  publicBooking(
    'post',
    '/public/:login/eventTypes/message',
    'messageOrganizer',
    'public',
    'Написать организатору',
    'Write to the organizer',
    {
      body: PublicMessageSchema,
      data: R.NullData,
      errors: [429],
    },
  ),
  publicBooking(
    'get',
    '/public/:login/eventTypes',
    'getPublicHost',
    'public',
    'Страница специалиста',
    "The specialist's page",
    {
      params: Login,
      data: R.PublicHostData,
    },
  ),
  publicBooking(
    'get',
    '/public/:login/eventTypes/:eventLink',
    'getPublicEventType',
    'public',
    'Страница типа события',
    "The event type's page",
    {
      data: R.PublicEventTypeData,
    },
  ),
  publicBooking(
    'get',
    '/public/:login/eventTypes/:eventLink/days/:year/:month',
    'listPublicDays',
    'public',
    'Дни месяца со свободными слотами',
    'Days of the month with a free slot',
    {
      query: z.object({ clientId: clientIdSchema, timezone: z.string().optional() }),
      data: R.DaysData,
      errors: [403],
    },
  ),
  publicBooking(
    'get',
    '/public/:login/eventTypes/:eventLink/slots/:year/:month/:day',
    'listPublicSlots',
    'public',
    'Свободные слоты дня',
    "The day's free slots",
    {
      query: z.object({ clientId: clientIdSchema, timezone: z.string().optional() }),
      data: R.SlotsData,
      errors: [403],
    },
  ),
  publicBooking(
    'post',
    '/public/:login/eventTypes/:eventLink/events',
    'book',
    'public',
    'Записаться (с Idempotency-Key)',
    'Book (with an Idempotency-Key)',
    {
      body: BookingBody,
      data: R.BookedData,
      status: 201,
      alsoStatus: [200],
      errors: [403, 409, 429],
      idempotencyKey: true,
    },
  ),
  publicBooking(
    'post',
    '/ghostBooking/companyEvent/:id',
    'holdOneTimeSeat',
    'public',
    'Придержать место на разовой встрече',
    "Hold a one-time meeting's seat",
    {
      body: OneTimeHoldSchema,
      data: R.OneTimeHoldData,
      status: 201,
      errors: [409, 429],
    },
  ),
  publicBooking(
    'post',
    '/ghostBooking/:login/eventTypes/:eventLink',
    'holdSlots',
    'public',
    'Придержать слоты, пока гость заполняет форму',
    'Hold slots while the guest fills in the form',
    {
      body: HoldSchema,
      data: R.HoldsData,
      status: 201,
      errors: [403, 409, 429],
    },
  ),
  publicBooking('get', '/ghostBooking', 'listHolds', 'public', 'Мои придержанные слоты', 'My holds', {
    query: z.object({ ids: z.array(z.string()).max(50).optional() }),
    documentedQuery: true,
    data: R.HoldsData,
  }),
  publicBooking('delete', '/ghostBooking/:id', 'releaseHold', 'public', 'Отпустить слот', 'Release a hold', {
    data: R.NullData,
  }),
  publicBooking(
    'post',
    '/user/message',
    'messageOneTimeOrganizer',
    'public',
    'Написать организатору разовой встречи',
    "Write to a one-time meeting's organizer",
    {
      body: OneTimeMessageSchema,
      data: R.NullData,
      errors: [429],
    },
  ),

  notifications(
    'post',
    '/tgBot/webhook',
    'telegramWebhook',
    'service',
    'Вебхук Telegram-бота (секрет в заголовке)',
    "The Telegram bot's webhook (secret in a header)",
    {
      data: R.NullData,
      errors: [401, 503],
    },
  ),
  notifications(
    'get',
    '/tgBot/link',
    'telegramLink',
    'user',
    'Ссылка для подключения Telegram',
    'The link that connects Telegram',
    {
      data: R.TelegramLinkData,
      errors: [503],
    },
  ),
  notifications(
    'get',
    '/tgBot/userInfo',
    'telegramUserInfo',
    'user',
    'Подключённый Telegram',
    'The connected Telegram',
    { data: R.TelegramUserInfoData },
  ),
  notifications(
    'delete',
    '/tgBot/userInfo',
    'disconnectTelegram',
    'user',
    'Отключить Telegram',
    'Disconnect Telegram',
    {
      data: R.NullData,
    },
  ),
  notifications(
    'get',
    '/notificationCenter/count',
    'countUnreadNotifications',
    'user',
    'Число непрочитанных',
    'Unread count',
    {
      data: R.CountData,
    },
  ),
  notifications('get', '/notificationCenter', 'listNotifications', 'user', 'Уведомления', 'Notifications', {
    data: R.NotificationsData,
    query: NotificationsPageSchema,
  }),
  notifications(
    'put',
    '/notificationCenter/read',
    'markNotificationsRead',
    'user',
    'Отметить прочитанными',
    'Mark as read',
    {
      body: ReadSchema,
      data: R.UpdatedData,
    },
  ),
  notifications(
    'post',
    '/firebaseCloudMessaging',
    'registerPushToken',
    'user',
    'Токен web-push этого браузера',
    "This browser's web push token",
    {
      body: TokenSchema,
      data: R.NullData,
    },
  ),
  notifications(
    'get',
    '/meetings/:id/reminders',
    'meetingReminders',
    'user',
    'Напоминания встречи и их статус',
    "A meeting's reminders and their state",
    { data: R.ReminderStatusesData },
  ),

  contacts(
    'get',
    '/contacts/eventTypes',
    'listContactEventTypes',
    'user',
    'Типы событий для фильтра',
    'Event types for the filter',
    { data: R.ContactEventTypesData },
  ),
  contacts(
    'get',
    '/contacts/message/isOkToSendEmailsToContacts',
    'canEmailContacts',
    'user',
    'Можно ли писать контактам по тарифу',
    'May the plan email contacts',
    {
      data: R.IsOkData,
    },
  ),
  contacts('get', '/contacts', 'listContacts', 'user', 'Контакты (фильтр, страницы)', 'Contacts (filter, pages)', {
    query: ContactsPageSchema.extend(ContactFilterSchema.shape),
    data: R.ContactsPageData,
  }),
  contacts('post', '/contacts', 'addContact', 'user', 'Добавить контакт', 'Add a contact', {
    body: NewContactSchema,
    status: 201,
    data: R.IdData,
    errors: [409],
  }),
  contacts('delete', '/contacts', 'archiveContacts', 'user', 'В архив (ids в запросе)', 'Archive (ids in the query)', {
    query: ContactIdsBodySchema,
    data: R.CountData,
  }),
  contacts('put', '/contacts/reopen', 'reopenContacts', 'user', 'Вернуть из архива', 'Bring back from the archive', {
    body: ContactIdsBodySchema,
    data: R.CountData,
  }),
  contacts('post', '/contacts/message', 'messageContacts', 'user', 'Письмо контактам', 'Email contacts', {
    body: ContactMessageSchema,
    data: R.ContactsSentData,
  }),
  contacts(
    'post',
    '/contacts/invitation',
    'inviteContacts',
    'user',
    'Пригласить контакты записаться',
    'Invite contacts to book',
    {
      body: ContactInvitationSchema,
      data: R.ContactsSentData,
    },
  ),

  meetings('get', '/statistic', 'homeStatistics', 'user', 'Статистика главной', "The home page's statistics", {
    data: R.HomeStatisticsData,
  }),
  meetings(
    'get',
    '/statistic/integration',
    'integrationStatistics',
    'user',
    'Состояние интеграций',
    "The integrations' state",
    { data: R.IntegrationStatisticsData },
  ),
  meetings(
    'get',
    '/userEvents',
    'listOrganizerMeetings',
    'user',
    'Мои встречи как организатора',
    'My meetings as organizer',
    { data: R.MeetingListData, query: MeetingListQuery },
  ),
  meetings(
    'get',
    '/userEvents/shortActualList',
    'listUpcomingMeetings',
    'user',
    'Ближайшие встречи (кратко)',
    'Upcoming meetings (short)',
    { data: R.ShortMeetingsData },
  ),
  meetings(
    'get',
    '/userEvents/cross',
    'crossCheck',
    'user',
    'Что пересекается с этим временем',
    'What overlaps this time',
    {
      data: R.CrossData,
      query: CrossQuerySchema,
    },
  ),
  meetings('get', '/userEvents/isCross', 'isCross', 'user', 'Пересекается ли это время', 'Does this time overlap', {
    query: CrossQuerySchema,
    data: z.object({ isCross: z.boolean() }),
  }),
  meetings('get', '/userEvents/:id', 'getOrganizerMeeting', 'user', 'Встреча (организатор)', 'A meeting (organizer)', {
    data: R.OrganizerMeetingData,
  }),
  meetings(
    'patch',
    '/userEvents/:id',
    'actOnMeeting',
    'user',
    'Отменить, перенести, отметить (одно действие)',
    'Cancel, move, mark (one action)',
    {
      body: OrganizerPatchSchema,
      query: z.object({ ignoreFreeTimeCheck: Flag }),
      documentedQuery: true,
      errors: [409],
      data: R.OrganizerActionData,
    },
  ),
  meetings('get', '/userEvents/:id/slots', 'listMoveSlots', 'user', 'Слоты для переноса', 'Slots to move to', {
    query: PickerQuerySchema,
    data: R.MoveSlotsData,
  }),
  meetings('get', '/userEvents/:id/adjutant', 'listAdjutants', 'user', 'Помощники встречи', "The meeting's adjutants", {
    data: z.array(z.object({ id: z.string(), email: z.string() })),
  }),
  meetings('get', '/userEvents/:id/adjutant/:adjutantId', 'getAdjutant', 'user', 'Помощник', 'An adjutant', {
    data: z.object({ id: z.string(), email: z.string() }),
  }),
  meetings('post', '/userEvents/:id/adjutant', 'addAdjutants', 'user', 'Добавить помощников', 'Add adjutants', {
    body: AdjutantsSchema,
    data: R.AdjutantsData,
  }),
  meetings(
    'put',
    '/userEvents/:id/adjutant',
    'replaceAdjutants',
    'user',
    'Заменить помощников',
    'Replace the adjutants',
    {
      body: AdjutantsSchema,
      data: R.AdjutantsData,
    },
  ),
  meetings(
    'delete',
    '/userEvents/:id/adjutant',
    'removeAdjutants',
    'user',
    'Убрать всех помощников',
    'Remove every adjutant',
    { data: R.AdjutantsData },
  ),
  meetings(
    'delete',
    '/userEvents/:id/adjutant/:adjutantId',
    'removeAdjutant',
    'user',
    'Убрать помощника',
    'Remove an adjutant',
    { data: R.AdjutantsData },
  ),
  meetings(
    'get',
    '/meetings',
    'listParticipantMeetings',
    'user',
    'Встречи, где я участник',
    'Meetings I take part in',
    { data: R.ParticipantMeetingListData, query: MeetingListQuery },
  ),
  meetings('get', '/meetings/:id', 'getParticipantMeeting', 'user', 'Встреча (участник)', 'A meeting (participant)', {
    data: R.ParticipantMeetingData,
  }),
  meetings(
    'patch',
    '/meetings/:id',
    'actAsParticipant',
    'user',
    'Отменить, перенести, позвать гостей (участник)',
    'Cancel, move, bring visitors (participant)',
    {
      body: ParticipantPatchSchema,
      errors: [409],
      data: R.ParticipantActionData,
    },
  ),
  meetings('get', '/eventContact/:id/visitor', 'listVisitors', 'user', 'Гости участника', "A participant's visitors", {
    data: R.VisitorsData,
  }),
  meetings('get', '/eventContact/:id/visitor/:visitorId', 'getVisitor', 'user', 'Гость', 'A visitor', {
    data: R.VisitorData,
  }),
  meetings('post', '/eventContact/:id/visitor', 'addVisitors', 'user', 'Добавить гостей', 'Add visitors', {
    body: NewVisitorsSchema,
    status: 201,
    errors: [409],
    data: R.VisitorsData,
  }),
  meetings('put', '/eventContact/:id/visitor', 'replaceVisitors', 'user', 'Заменить гостей', 'Replace the visitors', {
    body: VisitorsSchema,
    errors: [409],
    data: R.VisitorsData,
  }),
  meetings(
    'delete',
    '/eventContact/:id/visitor',
    'removeVisitors',
    'user',
    'Убрать всех гостей',
    'Remove every visitor',
    { data: R.VisitorsData },
  ),
  meetings(
    'delete',
    '/eventContact/:id/visitor/:visitorId',
    'removeVisitor',
    'user',
    'Убрать гостя',
    'Remove a visitor',
    { data: R.CanceledData },
  ),
  meetings(
    'put',
    '/eventContact/companyEventId',
    'moveParticipants',
    'user',
    'Перевести участников на другую встречу',
    'Move participants to another meeting',
    {
      body: MoveSchema,
      errors: [409],
      data: R.MovedParticipantsData,
    },
  ),

  oneTime(
    'get',
    '/companyEvent/organizer/isOkCreate',
    'canCreateOneTime',
    'user',
    'Можно ли создать разовую встречу',
    'May a one-time meeting be made',
    { data: R.BooleanData },
  ),
  oneTime(
    'get',
    '/companyEvent/organizer/isFree',
    'isInviteeFree',
    'user',
    'Свободен ли приглашённый',
    'Is the invitee free',
    {
      query: IsFreeQuerySchema,
      data: z.object({ isFree: z.boolean() }),
    },
  ),
  oneTime(
    'post',
    '/companyEvent/organizer',
    'createOneTime',
    'user',
    'Создать разовую встречу',
    'Create a one-time meeting',
    {
      data: R.OneTimeCreatedData,
      body: OneTimeEventSchema,
      query: z.object({ ignoreFreeTimeCheck: Flag }),
      documentedQuery: true,
      status: 201,
      errors: [409],
    },
  ),
  oneTime(
    'get',
    '/companyEvent/:id/share',
    'shareOneTime',
    'user',
    'Ссылка на разовую встречу',
    "A one-time meeting's link",
    { data: R.OneTimeShareData },
  ),
  oneTime(
    'get',
    '/companyEvent/:id/info',
    'getOneTime',
    'public',
    'Разовая встреча для гостя',
    "A one-time meeting, the guest's view",
    {
      data: R.OneTimePublicData,
      query: z.object({ invite: z.string().optional(), clientId: z.string().optional() }),
      documentedQuery: true,
    },
  ),
  oneTime(
    'post',
    '/companyEvent/client',
    'answerOneTime',
    'public',
    'Гость принимает приглашение',
    'A guest accepts the invitation',
    {
      data: R.SeatBookedData,
      body: OneTimeClientSchema,
      status: 201,
      alsoStatus: [200],
      errors: [409, 429],
    },
  ),

  calendars(
    'post',
    '/calendarsIntegrations/push/google',
    'googlePush',
    'service',
    'Уведомление Google о изменениях (канал)',
    "Google's change notification (channel)",
    {
      raw: true,
      data: z.null(),
    },
  ),
  calendars(
    'post',
    '/calendarsIntegrations/push/outlook',
    'outlookPush',
    'service',
    'Уведомление Microsoft Graph о изменениях',
    "Microsoft Graph's change notification",
    {
      raw: true,
      data: z.null(),
      status: 202,
      alsoStatus: [200],
    },
  ),
  calendars(
    'get',
    '/calendarsIntegrations',
    'listIntegrations',
    'user',
    'Подключённые календари',
    'Connected calendars',
    {
      data: R.IntegrationsData,
    },
  ),
  calendars(
    'get',
    '/calendarsIntegrations/availableToWriteIn',
    'writableCalendars',
    'user',
    'Календари, куда можно писать встречи',
    'Calendars meetings can be written to',
    { data: R.WritableCalendarsData },
  ),
  calendars(
    'put',
    '/calendarsIntegrations/defaultCalendar',
    'setWriteCalendar',
    'user',
    'Календарь для новых встреч',
    'The calendar for new meetings',
    {
      data: R.NullData,
      body: WriteTargetSchema,
    },
  ),
  calendars(
    'put',
    '/calendarsIntegrations/refresh',
    'refreshAllCalendars',
    'user',
    'Обновить все календари',
    'Sync every calendar',
    { data: R.NullData },
  ),
  calendars(
    'get',
    '/calendarsIntegrations/:provider/link',
    'calendarConsentLink',
    'user',
    'Ссылка согласия Google/Outlook',
    "Google's or Outlook's consent link",
    {
      data: R.UrlData,
      errors: [503],
    },
  ),
  calendars(
    'get',
    '/calendarsIntegrations/:provider/isOkAdd',
    'canAddCalendar',
    'user',
    'Можно ли добавить календарь',
    'May one more calendar be added',
    { data: R.BooleanData },
  ),
  calendars(
    'post',
    '/calendarsIntegrations/yandexCalendarIntegration/availableCalendars',
    'previewYandexCalendars',
    'user',
    'Календари Яндекса по логину и паролю',
    "Yandex's calendars for a login and password",
    {
      data: R.RemoteCalendarsData,
      body: YandexConnectSchema,
    },
  ),
  calendars(
    'post',
    '/calendarsIntegrations/yandexCalendarIntegration/add',
    'addYandexCalendar',
    'user',
    'Подключить Яндекс Календарь',
    'Connect Yandex Calendar',
    {
      data: R.IdData,
      body: YandexConnectSchema,
      status: 201,
      errors: [409],
    },
  ),
  calendars(
    'post',
    '/calendarsIntegrations/appleCalendarIntegration/add',
    'addAppleCalendar',
    'user',
    'Подключить iCloud',
    'Connect iCloud',
    {
      data: R.IdData,
      body: AppleConnectSchema,
      status: 201,
      errors: [409],
    },
  ),
  calendars(
    'post',
    '/calendarsIntegrations/caldavCalendarIntegration/add',
    'addCalDavCalendar',
    'user',
    'Подключить CalDAV',
    'Connect CalDAV',
    {
      data: R.IdData,
      body: CalDavConnectSchema,
      status: 201,
      errors: [409],
    },
  ),
  calendars(
    'put',
    '/calendarsIntegrations/:id/status',
    'setCalendarActive',
    'user',
    'Включить или выключить календарь',
    'Switch a calendar on or off',
    {
      data: R.NullData,
      body: IntegrationStatusSchema,
    },
  ),
  calendars(
    'put',
    '/calendarsIntegrations/:id/refresh',
    'refreshCalendar',
    'user',
    'Обновить календарь',
    'Sync a calendar',
    {
      data: R.NullData,
    },
  ),
  calendars(
    'get',
    '/calendarsIntegrations/:id/onVersionChanged',
    'calendarVersionChanged',
    'user',
    'Изменился ли календарь',
    'Has the calendar changed',
    { data: R.VersionData, query: OldVersionSchema },
  ),
  calendars(
    'put',
    '/calendarsIntegrations/:id/calendars/:calendarId',
    'setBusySource',
    'user',
    'Учитывать ли занятость календаря',
    "Whether a calendar's events block time",
    {
      data: R.NullData,
      body: BusySourceSchema,
    },
  ),
  calendars(
    'delete',
    '/calendarsIntegrations/:id',
    'removeCalendar',
    'user',
    'Отключить календарь',
    'Disconnect a calendar',
    { data: R.NullData },
  ),

  billing(
    'post',
    '/payments/notifications',
    'paymentNotification',
    'service',
    'Уведомление платёжного провайдера',
    "The payment provider's notification",
    {
      data: R.NullData,
    },
  ),
  billing('get', '/tariff/subscription', 'getSubscription', 'user', 'Подписка', 'Subscription', {
    data: R.SubscriptionData,
  }),
  billing(
    'post',
    '/clientCard/startDemo',
    'startTrial',
    'user',
    'Пробный Pro с привязкой карты',
    'Pro trial with a card',
    {
      query: z.object({ successURL: z.string().optional(), failURL: z.string().optional() }),
      documentedQuery: true,
      data: R.ConfirmationData,
      errors: [409],
    },
  ),
  billing('post', '/tariff/pay', 'payPlan', 'user', 'Оплатить тариф', 'Pay for a plan', {
    body: PayPlanSchema,
    data: R.ConfirmationData,
    errors: [409],
  }),
  billing('delete', '/tariff/autoRenew', 'cancelAutoRenew', 'user', 'Отключить автопродление', 'Stop the renewal', {
    data: R.NullData,
  }),
  billing('put', '/tariff/autoRenew', 'chooseRenewal', 'user', 'Тариф для продления', 'The plan to renew on', {
    body: RenewalSchema,
    data: R.NullData,
  }),
  billing('post', '/promoCode/isExists', 'checkPromoCode', 'user', 'Действует ли промокод', 'Is the promo code valid', {
    body: PromoSchema,
    data: R.BooleanData,
  }),
  billing('get', '/wallet', 'getWallet', 'user', 'Кошелёк фасти', 'Fasties wallet', { data: R.WalletData }),
  billing(
    'post',
    '/wallet/promoCode',
    'redeemFastiesCode',
    'user',
    'Активировать код на фасти',
    'Redeem a Fasties code',
    {
      data: R.CreditedData,
      body: PromoSchema,
      errors: [409],
    },
  ),
  billing('get', '/eventAdvertising', 'listAdvertising', 'user', 'Рекламные карточки', 'Advertising cards', {
    data: R.AdvertisingData,
  }),
  billing('put', '/eventAdvertising/:id/isClosed', 'closeAdvertising', 'user', 'Закрыть карточку', 'Close a card', {
    body: ClosedSchema,
    data: R.NullData,
  }),

  webhooks('get', '/webhooks', 'listWebhooks', 'user', 'Вебхуки', 'Webhook endpoints', {
    data: R.WebhookEndpointsData,
  }),
  webhooks(
    'post',
    '/webhooks',
    'createWebhook',
    'user',
    'Добавить вебхук (секрет показывается один раз)',
    'Add an endpoint (the secret is shown once)',
    {
      body: webhookCreateSchema(true),
      data: R.WebhookCreatedData,
      status: 201,
    },
  ),
  webhooks('delete', '/webhooks/:id', 'deleteWebhook', 'user', 'Удалить вебхук', 'Delete an endpoint', {
    data: R.NullData,
  }),
  webhooks('get', '/webhooks/:id/deliveries', 'listWebhookDeliveries', 'user', 'Журнал доставок', 'Delivery log', {
    data: R.WebhookDeliveriesData,
  }),
  webhooks(
    'post',
    '/webhooks/:id/deliveries/:deliveryId/resend',
    'resendWebhookDelivery',
    'user',
    'Отправить доставку ещё раз',
    'Resend a delivery',
    {
      data: R.IdData,
      status: 201,
    },
  ),

  tokens(
    'get',
    '/personalAccessTokens',
    'listPersonalAccessTokens',
    'session',
    'Персональные токены',
    'Personal access tokens',
    {
      data: R.PatsData,
    },
  ),
  tokens(
    'post',
    '/personalAccessTokens',
    'createPersonalAccessToken',
    'session',
    'Создать токен (показывается один раз)',
    'Create a token (shown once)',
    {
      body: PatCreateSchema,
      data: R.PatCreatedData,
      status: 201,
    },
  ),
  tokens(
    'delete',
    '/personalAccessTokens/:id',
    'revokePersonalAccessToken',
    'session',
    'Отозвать токен',
    'Revoke a token',
    {
      data: R.NullData,
    },
  ),

  video(
    'get',
    '/telemost/oauthFormLink',
    'telemostConsentLink',
    'user',
    'Ссылка согласия Яндекс Телемоста',
    "Yandex Telemost's consent link",
    {
      data: R.UrlData,
      errors: [503],
    },
  ),
  video(
    'get',
    '/telemost/isOkAdd',
    'canUseVideoLinks',
    'user',
    'Разрешены ли видеоссылки по тарифу',
    'Does the plan allow video links',
    {
      data: R.BooleanData,
    },
  ),
  video(
    'post',
    '/telemost/videoConference',
    'createConference',
    'user',
    'Создать видеовстречу сейчас',
    'Create a video conference now',
    {
      data: R.ConferenceData,
      status: 201,
      errors: [503],
    },
  ),
]
