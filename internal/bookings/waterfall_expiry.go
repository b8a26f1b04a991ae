package bookings

// MsgOfferExpired is the reason an unanswered offer is cancelled with at its answer-by. Until the
// expiry branch lands it is defined here; the waterfall reads it to tell an expiry from a withdrawal.
const MsgOfferExpired = "Offer expired"
