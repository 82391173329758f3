/**
 * The development checkout's cards (app/server/payments/dev.server.ts): YooKassa's test card that saves without
 * 3-D Secure (https://yookassa.ru/developers/payouts/testing-and-going-live/testing/multipurpose-token), and the
 * cancellation reasons its "Decline" offers (YooKassa's `cancellation_details.reason` values).
 */
export const DEV_TEST_CARD = '5555555555554444'
export const DEV_DECLINE_REASONS = ['insufficient_funds', 'card_expired', 'general_decline'] as const
