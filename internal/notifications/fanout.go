package notifications

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
)

// Event is a domain event as delivery reads it from booking_events.
type Event struct {
	ID            int64     `db:"id"`
	Kind          string    `db:"kind"`
	BookingID     int64     `db:"booking_id"`
	PlacementID   *int64    `db:"placement_id"`
	InstructionID *int64    `db:"instruction_id"`
	UserID        *int64    `db:"user_id"`
	ActorID       *int64    `db:"actor_user_id"`
	Payload       string    `db:"payload_json"`
	CreatedAt     time.Time `db:"created_at"`
}

// payload is what fan-out reads of an event's payload.
type payload struct {
	SupplierStatus     status.Status `json:"supplierStatus"`
	ClientStatus       status.Status `json:"clientStatus"`
	CancellationReason string        `json:"cancellationReason"`
	IncumbentUserID    int64         `json:"incumbentUserId"`
	AnswerBy           *time.Time    `json:"answerBy"`
	ChallengedUntil    *time.Time    `json:"challengedUntil"`
	// Outcome is a finished offer in turn's result, "0 of 1 filled".
	Outcome string `json:"outcome"`
	// DetailsOnly marks a placement amendment that kept its times (absent from older events,
	// which are told as times amended, as they were).
	DetailsOnly bool `json:"detailsOnly"`
	// Changes are the fields a change changed, before and after (audit.Changes); absent from
	// older events, which say what changed without the values.
	Changes []fieldChange `json:"changes"`
	// Reason is why a manager disputed a timesheet.
	Reason string `json:"reason"`
	// TimesheetID is the timesheet a timesheet's step concerns.
	TimesheetID int64 `json:"timesheetId"`
	// InvoiceNumber and DueDate are an overdue invoice's number and due date (YYYY-MM-DD).
	InvoiceNumber string `json:"invoiceNumber"`
	DueDate       string `json:"dueDate"`
	// UserIDs and DepartmentIDs are whom an overdue invoice concerns: the freelancers of its
	// lines, and the departments of its lines, whose managers are told (absent from older
	// events, told to the event's user and its booking's managers).
	UserIDs       []int64 `json:"userIds"`
	DepartmentIDs []int64 `json:"departmentIds"`
	// InTurn is the answer Hive acted on when it made this change itself (events.InTurn).
	InTurn *events.Cause `json:"inTurn"`
}

// fieldChange is one field of a change, its values as the event's JSON holds them.
type fieldChange struct {
	Field  string          `json:"field"`
	Before json.RawMessage `json:"before"`
	After  json.RawMessage `json:"after"`
}

func (e Event) payload() payload {
	var p payload
	_ = json.Unmarshal([]byte(e.Payload), &p) // an unreadable payload reads as empty: the event is still told
	return p
}

func idOf(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// Audiences are the people an event may concern, read at delivery: the managers of its
// booking's department, and the freelancers holding live instructions in its placement (or,
// for a booking-wide event, in its booking).
type Audiences struct {
	Managers    []int64
	Freelancers []int64
}

// Delivery is one notification to make: recipient and type.
type Delivery struct {
	UserID int64
	Type   string
}

// holdNotices are the notification types of a pencil's steps: what its freelancer and what the
// booking's managers are told. A hold that lapses reads to its freelancer as any release does.
var holdNotices = map[events.Kind]struct{ freelancer, managers string }{
	events.HoldPlaced:     {SupplierHoldPlaced, BookingHoldPlaced},
	events.HoldChallenged: {SupplierHoldChallenged, ClientHoldChallenged},
	events.HoldConfirmed:  {SupplierHoldConfirmed, ClientHoldConfirmed},
	events.HoldReleased:   {SupplierHoldReleased, ClientHoldReleased},
	events.HoldExpired:    {SupplierHoldReleased, ClientHoldExpired},
}

// Fanout is the rule of who hears what of one event (docs/notifications.md has the table). The
// actor is never told of their own change. An instruction's status change is read from its
// result and its actor: a freelancer answering is 'accepted' or 'rejected' for the managers; a
// manager cancelling the client side withdraws an offer not yet answered, or cancels one that
// was; a manager completing both acceptances confirms it to the freelancer. A supplier side
// cancelled is a substitution's, which its own event tells. An offer expired unanswered is the
// system cancelling the client side (no actor): withdrawn for the freelancer, cancelled for every
// manager, with the reason "Offer expired". A change of an answer-by time tells nobody; the
// reminder before it tells the freelancer.
func Fanout(e Event, a Audiences) []Delivery {
	actor := idOf(e.ActorID)
	user := idOf(e.UserID)
	var out []Delivery
	add := func(typ string, users ...int64) {
		for _, u := range users {
			if u != 0 && u != actor && !slices.Contains(out, Delivery{u, typ}) {
				out = append(out, Delivery{UserID: u, Type: typ})
			}
		}
	}
	switch events.Kind(e.Kind) {
	case kindUnfilled:
		add(ClientUnfilled, a.Managers...)
	case events.BookingCreated:
		add(BookingCreated, a.Managers...)
	case events.BookingUpdated:
		add(BookingUpdated, a.Managers...)
		add(SupplierBookingUpdated, a.Freelancers...)
	case events.PlacementAmended:
		if e.payload().DetailsOnly { // the title or notes, not the times
			add(BookingUpdated, a.Managers...)
			add(SupplierBookingUpdated, a.Freelancers...)
			break
		}
		add(BookingPlacementAmended, a.Managers...)
		add(SupplierTimesAmended, a.Freelancers...)
	case events.PlacementCancelled:
		add(BookingPlacementCancelled, a.Managers...)
	case events.InstructionGranted:
		add(SupplierOffered, user)
		add(BookingOfferSent, a.Managers...)
	case events.InstructionAnswerReminder:
		add(SupplierAnswerReminder, user)
	case events.InstructionChangeReminder:
		add(SupplierChangeReminder, user)
	case events.InstructionChangeUnacknowledged:
		add(ClientChangeUnacknowledged, a.Managers...)
	case events.InstructionRate:
		add(SupplierRateAmended, user)
		add(BookingRateAmended, a.Managers...)
	case events.InstructionSubstitute:
		p := e.payload()
		add(SupplierSubstitutedIn, user)
		add(SupplierSubstitutedOut, p.IncumbentUserID)
		if actor != 0 && actor == p.IncumbentUserID {
			add(SubstituteBySupplier, a.Managers...)
		} else {
			add(SubstituteByManager, a.Managers...)
		}
	case events.HoldPlaced, events.HoldChallenged, events.HoldConfirmed, events.HoldReleased, events.HoldExpired:
		told := holdNotices[events.Kind(e.Kind)]
		add(told.freelancer, user)
		add(told.managers, a.Managers...)
	case events.TimesheetDue:
		add(SupplierTimesheetDue, user)
	case events.TimesheetSubmitted:
		add(ClientTimesheetSubmitted, a.Managers...)
	case events.TimesheetApproved:
		add(SupplierTimesheetApproved, user)
	case events.TimesheetDisputed:
		add(SupplierTimesheetDisputed, user)
	case events.InvoiceOverdue: // each person once: a freelancer who also manages is told as supplier
		add(SupplierInvoiceOverdue, user)
		add(SupplierInvoiceOverdue, e.payload().UserIDs...)
		for _, m := range a.Managers {
			if !slices.ContainsFunc(out, func(d Delivery) bool { return d.UserID == m }) {
				add(ClientInvoiceOverdue, m)
			}
		}
	case events.WaterfallFilled:
		add(ClientWaterfallFilled, a.Managers...)
	case events.WaterfallRanOut:
		add(ClientWaterfallRanOut, a.Managers...)
	case events.InstructionStatus:
		p := e.payload()
		switch {
		case p.SupplierStatus == status.Cancelled:
		case p.ClientStatus == status.Cancelled && p.SupplierStatus == status.Awaiting:
			add(SupplierOfferWithdrawn, user)
			add(BookingInstructionCancelled, a.Managers...)
		case p.ClientStatus == status.Cancelled:
			add(SupplierCancelled, user)
			add(BookingInstructionCancelled, a.Managers...)
		case actor != 0 && actor == user && p.SupplierStatus == status.Accepted:
			add(ClientAccepted, a.Managers...)
		case actor != 0 && actor == user && p.SupplierStatus == status.Rejected:
			add(ClientRejected, a.Managers...)
		case actor != user && p.SupplierStatus == status.Accepted && p.ClientStatus == status.Accepted:
			add(SupplierConfirmed, user)
		}
	}
	return out
}
