/** Where a client lands once signed up after a booking: their meetings, the "I am booked" side. */
export const AFTER_BOOKING_HOME = '/meetings?side=participant'
