package notifications

import (
	"slices"

	"github.com/hive/hive/internal/platform/auth"
)

// Group is one of the four groups of notification types (spec part 2 §9).
type Group string

// The groups.
const (
	GroupBooking    Group = "booking"
	GroupSubstitute Group = "substitute"
	GroupClient     Group = "client"
	GroupSupplier   Group = "supplier"
)

// Audience is who a type is sent to: the freelancer an instruction concerns, the managers of
// the booking's department (and of its client), or the account an invitation is bound to.
type Audience string

// The audiences.
const (
	AudienceFreelancer Audience = "freelancer"
	AudienceManager    Audience = "manager"
	AudienceInvitee    Audience = "invitee"
)

// Type is one notification type: the identifier a preference names, its group, its audience,
// and the label and description the Settings tab shows.
type Type struct {
	Identifier  string
	Group       Group
	Audience    Audience
	Label       string
	Description string
}

// The type identifiers. Each is one domain event as one audience hears it; docs/notifications.md
// says which event produces which.
const (
	SupplierOffered        = "supplier.offered"
	SupplierOfferWithdrawn = "supplier.offer_withdrawn"
	SupplierConfirmed      = "supplier.confirmed"
	SupplierCancelled      = "supplier.cancelled"
	SupplierTimesAmended   = "supplier.times_amended"
	SupplierRateAmended    = "supplier.rate_amended"
	SupplierBookingUpdated = "supplier.booking_updated"
	SupplierSubstitutedIn  = "supplier.substituted_in"
	SupplierSubstitutedOut = "supplier.substituted_out"
	SupplierInvited        = "supplier.invited_to_entity"
	SupplierAnswerReminder = "supplier.answer_reminder"
	SupplierHoldPlaced     = "supplier.hold_placed"
	SupplierHoldChallenged = "supplier.hold_challenged"
	SupplierHoldConfirmed  = "supplier.hold_confirmed"
	SupplierHoldReleased   = "supplier.hold_released"
	// A change to a placement the freelancer accepted still waits for their acknowledgement.
	SupplierChangeReminder = "supplier.change_reminder"

	BookingCreated              = "booking.created"
	BookingUpdated              = "booking.updated"
	BookingPlacementAmended     = "booking.placement_amended"
	BookingPlacementCancelled   = "booking.placement_cancelled"
	BookingOfferSent            = "booking.offer_sent"
	BookingRateAmended          = "booking.rate_amended"
	BookingInstructionCancelled = "booking.instruction_cancelled"
	BookingHoldPlaced           = "booking.hold_placed"

	SubstituteByManager  = "substitute.by_manager"
	SubstituteBySupplier = "substitute.by_supplier"

	ClientAccepted = "client.accepted"
	ClientRejected = "client.rejected"
	ClientUnfilled = "client.unfilled"

	ClientHoldChallenged = "client.hold_challenged"
	ClientHoldConfirmed  = "client.hold_confirmed"
	ClientHoldReleased   = "client.hold_released"
	ClientHoldExpired    = "client.hold_expired"

	// An offer in turn (a waterfall) came to an end: every place filled, or nobody left to offer
	// to with places unfilled.
	ClientWaterfallFilled = "client.waterfall_filled"
	ClientWaterfallRanOut = "client.waterfall_ran_out"

	// A timesheet's steps: due to fill, approved or disputed (to its freelancer), submitted (to
	// its department's managers).
	SupplierTimesheetDue      = "supplier.timesheet_due"
	SupplierTimesheetApproved = "supplier.timesheet_approved"
	SupplierTimesheetDisputed = "supplier.timesheet_disputed"
	ClientTimesheetSubmitted  = "client.timesheet_submitted"
	// An issued invoice passed its due date unpaid: told once to the freelancer whose work it
	// bills and to the managers of its first line's department.
	SupplierInvoiceOverdue = "supplier.invoice_overdue"
	ClientInvoiceOverdue   = "client.invoice_overdue"
	// A freelancer still has not acknowledged a change to a placement they accepted.
	ClientChangeUnacknowledged = "client.change_unacknowledged"
)

// Catalogue is every notification type, in the order the Settings tab lists them.
var Catalogue = []Type{
	{SupplierOffered, GroupSupplier, AudienceFreelancer, "New offer",
		"You are offered a placement, or booked straight into one."},
	{SupplierOfferWithdrawn, GroupSupplier, AudienceFreelancer, "Offer withdrawn",
		"An offer you had not answered yet was withdrawn, or expired unanswered."},
	{SupplierAnswerReminder, GroupSupplier, AudienceFreelancer, "Answer reminder",
		"An offer you have not answered yet expires soon."},
	{SupplierChangeReminder, GroupSupplier, AudienceFreelancer, "Change to acknowledge",
		"A placement you accepted changed and you have not acknowledged the change yet."},
	{SupplierConfirmed, GroupSupplier, AudienceFreelancer, "Booking confirmed",
		"The client confirmed a placement you accepted."},
	{SupplierCancelled, GroupSupplier, AudienceFreelancer, "Booking cancelled",
		"A placement you accepted was cancelled."},
	{SupplierTimesAmended, GroupSupplier, AudienceFreelancer, "Times amended",
		"The date, start or end time of one of your placements changed."},
	{SupplierRateAmended, GroupSupplier, AudienceFreelancer, "Rate amended",
		"The rate of one of your placements changed."},
	{SupplierBookingUpdated, GroupSupplier, AudienceFreelancer, "Booking details changed",
		"The title, reference or other details of a booking you work on changed."},
	{SupplierSubstitutedIn, GroupSupplier, AudienceFreelancer, "Substituted in",
		"You were put into a placement in someone else's place."},
	{SupplierSubstitutedOut, GroupSupplier, AudienceFreelancer, "Substituted out",
		"Someone else was put into a placement in your place."},
	{SupplierInvited, GroupSupplier, AudienceInvitee, "Invitation to an entity",
		"A client or an agency invited you to join it; you accept or reject on your home screen."},
	{SupplierHoldPlaced, GroupSupplier, AudienceFreelancer, "New pencil",
		"A client pencilled you in: a ranked hold on your time, not yet a booking."},
	{SupplierHoldChallenged, GroupSupplier, AudienceFreelancer, "Pencil challenged",
		"Another hold on the same days challenged one of your pencils: it is released at the deadline unless confirmed."},
	{SupplierHoldConfirmed, GroupSupplier, AudienceFreelancer, "Pencil confirmed",
		"One of your pencils was confirmed: you are booked."},
	{SupplierHoldReleased, GroupSupplier, AudienceFreelancer, "Pencil released",
		"One of your pencils was released, or lapsed at a challenge's deadline."},
	{SupplierTimesheetDue, GroupSupplier, AudienceFreelancer, "Timesheet to fill",
		"A placement you worked has ended: confirm or correct its times and submit its timesheet."},
	{SupplierTimesheetApproved, GroupSupplier, AudienceFreelancer, "Timesheet approved",
		"A timesheet you submitted was approved, by a manager or when the client's dispute window passed."},
	{SupplierTimesheetDisputed, GroupSupplier, AudienceFreelancer, "Timesheet disputed",
		"A manager disputed a timesheet you submitted, with a reason: correct it and submit it again."},
	{SupplierInvoiceOverdue, GroupSupplier, AudienceFreelancer, "Invoice overdue",
		"A self-billed invoice for your work passed its due date and is not marked paid."},

	{BookingCreated, GroupBooking, AudienceManager, "Booking created",
		"Someone else created a booking in a department you manage."},
	{BookingUpdated, GroupBooking, AudienceManager, "Booking updated",
		"Someone else changed the details of a booking in a department you manage."},
	{BookingPlacementAmended, GroupBooking, AudienceManager, "Placement amended",
		"Someone else changed the times of a placement in a department you manage."},
	{BookingPlacementCancelled, GroupBooking, AudienceManager, "Placement cancelled",
		"Someone else cancelled a placement in a department you manage."},
	{BookingOfferSent, GroupBooking, AudienceManager, "Offer sent",
		"Someone else offered a placement in a department you manage to a freelancer."},
	{BookingRateAmended, GroupBooking, AudienceManager, "Rate amended",
		"Someone else amended the rate of an instruction in a department you manage."},
	{BookingInstructionCancelled, GroupBooking, AudienceManager, "Instruction cancelled",
		"Someone else cancelled a freelancer's instruction in a department you manage."},
	{BookingHoldPlaced, GroupBooking, AudienceManager, "Pencil placed",
		"Someone else pencilled a freelancer (a hold) in a department you manage."},

	{SubstituteByManager, GroupSubstitute, AudienceManager, "Substitution by a manager",
		"Someone else replaced a freelancer on a placement in a department you manage."},
	{SubstituteBySupplier, GroupSubstitute, AudienceManager, "Substitution by a freelancer",
		"A freelancer put someone else into their placement in a department you manage."},

	{ClientAccepted, GroupClient, AudienceManager, "Offer accepted",
		"A freelancer accepted an offer in a department you manage."},
	{ClientRejected, GroupClient, AudienceManager, "Offer rejected",
		"A freelancer rejected an offer in a department you manage."},
	{ClientUnfilled, GroupClient, AudienceManager, "Unfilled within 24 hours",
		"A placement in a department you manage starts within 24 hours and nobody has accepted it yet."},
	{ClientHoldChallenged, GroupClient, AudienceManager, "Hold challenged",
		"A lower hold challenged a pencil in a department you manage: confirm or release it by the deadline."},
	{ClientHoldConfirmed, GroupClient, AudienceManager, "Hold confirmed",
		"Someone else confirmed a pencil in a department you manage into a booking."},
	{ClientHoldReleased, GroupClient, AudienceManager, "Hold released",
		"Someone else released a pencil in a department you manage."},
	{ClientHoldExpired, GroupClient, AudienceManager, "Hold lapsed",
		"A challenged pencil in a department you manage was not confirmed in time and was released."},
	{ClientChangeUnacknowledged, GroupClient, AudienceManager, "Change not acknowledged",
		"A freelancer has not acknowledged a change to a placement they accepted in a department you manage."},
	{ClientWaterfallFilled, GroupClient, AudienceManager, "Offer in turn filled",
		"An offer in turn in a department you manage filled every place."},
	{ClientWaterfallRanOut, GroupClient, AudienceManager, "Offer in turn ran out",
		"An offer in turn in a department you manage has nobody left to offer to and places still unfilled."},
	{ClientTimesheetSubmitted, GroupClient, AudienceManager, "Timesheet submitted",
		"A freelancer submitted a timesheet in a department you manage: approve or dispute it before the dispute window passes."},
	{ClientInvoiceOverdue, GroupClient, AudienceManager, "Invoice overdue",
		"A self-billed invoice for work in a department you manage passed its due date and is not marked paid."},
}

// TypeOf returns the type with identifier id.
func TypeOf(id string) (Type, bool) {
	i := slices.IndexFunc(Catalogue, func(t Type) bool { return t.Identifier == id })
	if i < 0 {
		return Type{}, false
	}
	return Catalogue[i], true
}

// VisibleGroups is the rule of spec part 2 §2 for the Settings tab: freelancers see the
// supplier group; department managers (administrators included) see the booking, substitute
// and client groups, never the supplier group. Someone who is both sees both sets, since they
// are told as both. Staff who manage nothing are told nothing and see no group.
func VisibleGroups(p *auth.Principal) []Group {
	var gs []Group
	if p.Has(auth.NeedFreelancer) {
		gs = append(gs, GroupSupplier)
	}
	if p.Has(auth.NeedDepartmentManager) {
		gs = append(gs, GroupBooking, GroupSubstitute, GroupClient)
	}
	return gs
}

// CanSee reports whether p may see and set the preference for type t.
func CanSee(p *auth.Principal, t Type) bool { return slices.Contains(VisibleGroups(p), t.Group) }

// Messages of the notification operations.
const (
	MsgSettingsUpdated = "Notification settings updated"
	MsgUnknownType     = "There is no notification type %q you can set."
	MsgBadToken        = "This unsubscribe link is not valid."
	MsgUnsubscribed    = "You will no longer receive %s e-mails. You can turn them on again in your notification settings."
)

// VisibleTypes are the types p may see, in catalogue order.
func VisibleTypes(p *auth.Principal) []Type {
	var out []Type
	for _, t := range Catalogue {
		if CanSee(p, t) {
			out = append(out, t)
		}
	}
	return out
}
