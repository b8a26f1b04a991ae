package notifications

import (
	"slices"
	"testing"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/organisations/invitations"
)

func TestFanoutTellsEachAudienceItsTypeAndNeverTheActor(t *testing.T) {
	const manager, otherManager, freelancer, incumbent, other = 1, 2, 3, 4, 5
	a := Audiences{Managers: []int64{manager, otherManager}, Freelancers: []int64{freelancer, other}}
	id := func(v int64) *int64 { return &v }
	status := func(supplier, client string) string {
		return `{"supplierStatus":"` + supplier + `","clientStatus":"` + client + `"}`
	}
	cases := []struct {
		name string
		e    Event
		want []Delivery
	}{
		{"booking created", Event{Kind: string(events.BookingCreated), ActorID: id(manager)},
			[]Delivery{{otherManager, BookingCreated}}},
		{"booking updated", Event{Kind: string(events.BookingUpdated), ActorID: id(manager)},
			[]Delivery{{otherManager, BookingUpdated}, {freelancer, SupplierBookingUpdated}, {other, SupplierBookingUpdated}}},
		{"times amended", Event{Kind: string(events.PlacementAmended), ActorID: id(manager)},
			[]Delivery{{otherManager, BookingPlacementAmended}, {freelancer, SupplierTimesAmended}, {other, SupplierTimesAmended}}},
		{"a placement's title or notes amended, its times kept", Event{Kind: string(events.PlacementAmended),
			ActorID: id(manager), Payload: `{"detailsOnly":true}`},
			[]Delivery{{otherManager, BookingUpdated}, {freelancer, SupplierBookingUpdated}, {other, SupplierBookingUpdated}}},
		{"placement cancelled (its instructions tell the freelancers)", Event{Kind: string(events.PlacementCancelled),
			ActorID: id(manager)}, []Delivery{{otherManager, BookingPlacementCancelled}}},
		{"an offer in turn filled by a freelancer's accept: every manager", Event{Kind: string(events.WaterfallFilled),
			ActorID: id(freelancer)}, []Delivery{{manager, ClientWaterfallFilled}, {otherManager, ClientWaterfallFilled}}},
		{"an offer in turn ran out at an expiry (no actor): every manager", Event{Kind: string(events.WaterfallRanOut)},
			[]Delivery{{manager, ClientWaterfallRanOut}, {otherManager, ClientWaterfallRanOut}}},
		{"offered", Event{Kind: string(events.InstructionGranted), ActorID: id(manager), UserID: id(freelancer)},
			[]Delivery{{freelancer, SupplierOffered}, {otherManager, BookingOfferSent}}},
		{"a change still to acknowledge (no actor): its freelancer", Event{Kind: string(events.InstructionChangeReminder),
			UserID: id(freelancer)}, []Delivery{{freelancer, SupplierChangeReminder}}},
		{"a change still not acknowledged later (no actor): every manager", Event{Kind: string(events.InstructionChangeUnacknowledged),
			UserID: id(freelancer)}, []Delivery{{manager, ClientChangeUnacknowledged}, {otherManager, ClientChangeUnacknowledged}}},
		{"a change acknowledged tells nobody", Event{Kind: string(events.InstructionChangeAcknowledged), ActorID: id(freelancer),
			UserID: id(freelancer)}, nil},
		{"rate amended", Event{Kind: string(events.InstructionRate), ActorID: id(manager), UserID: id(freelancer)},
			[]Delivery{{freelancer, SupplierRateAmended}, {otherManager, BookingRateAmended}}},
		{"substituted by a manager", Event{Kind: string(events.InstructionSubstitute), ActorID: id(manager),
			UserID: id(freelancer), Payload: `{"incumbentUserId":4}`},
			// the manager who substituted is not told; the other manager is
			[]Delivery{{freelancer, SupplierSubstitutedIn}, {incumbent, SupplierSubstitutedOut}, {otherManager, SubstituteByManager}}},
		{"substituted by the incumbent", Event{Kind: string(events.InstructionSubstitute), ActorID: id(incumbent),
			UserID: id(freelancer), Payload: `{"incumbentUserId":4}`},
			[]Delivery{{freelancer, SupplierSubstitutedIn}, {manager, SubstituteBySupplier}, {otherManager, SubstituteBySupplier}}},
		{"accepted by the freelancer", Event{Kind: string(events.InstructionStatus), ActorID: id(freelancer),
			UserID: id(freelancer), Payload: status("accepted", "accepted")},
			[]Delivery{{manager, ClientAccepted}, {otherManager, ClientAccepted}}},
		{"rejected by the freelancer", Event{Kind: string(events.InstructionStatus), ActorID: id(freelancer),
			UserID: id(freelancer), Payload: status("rejected", "accepted")},
			[]Delivery{{manager, ClientRejected}, {otherManager, ClientRejected}}},
		{"an unanswered offer withdrawn", Event{Kind: string(events.InstructionStatus), ActorID: id(manager),
			UserID: id(freelancer), Payload: status("awaiting_response", "cancelled")},
			[]Delivery{{freelancer, SupplierOfferWithdrawn}, {otherManager, BookingInstructionCancelled}}},
		{"an accepted placement cancelled", Event{Kind: string(events.InstructionStatus), ActorID: id(manager),
			UserID: id(freelancer), Payload: status("accepted", "cancelled")},
			[]Delivery{{freelancer, SupplierCancelled}, {otherManager, BookingInstructionCancelled}}},
		{"confirmed by the client", Event{Kind: string(events.InstructionStatus), ActorID: id(manager),
			UserID: id(freelancer), Payload: status("accepted", "accepted")},
			[]Delivery{{freelancer, SupplierConfirmed}}},
		{"the incumbent's side cancelled by a substitution (its own event tells)", Event{Kind: string(events.InstructionStatus),
			ActorID: id(manager), UserID: id(incumbent), Payload: status("cancelled", "accepted")}, nil},
		{"an offer expired unanswered (the system cancels the client side)", Event{Kind: string(events.InstructionStatus),
			UserID: id(freelancer), Payload: `{"supplierStatus":"awaiting_response","clientStatus":"cancelled","cancellationReason":"Offer expired"}`},
			[]Delivery{{freelancer, SupplierOfferWithdrawn}, {manager, BookingInstructionCancelled}, {otherManager, BookingInstructionCancelled}}},
		{"an answer reminder", Event{Kind: string(events.InstructionAnswerReminder), UserID: id(freelancer),
			Payload: `{"answerBy":"2027-01-21T11:00:00.000+00:00"}`}, []Delivery{{freelancer, SupplierAnswerReminder}}},
		{"an answer-by time changed (the reminder tells)", Event{Kind: string(events.InstructionAnswerBy), ActorID: id(manager),
			UserID: id(freelancer)}, nil},
		{"an unknown kind", Event{Kind: "booking.archived", ActorID: id(manager)}, nil},
		{"an overdue invoice: each freelancer of its lines and its departments' managers, each once (one also a manager: as supplier)",
			Event{Kind: string(events.InvoiceOverdue), UserID: id(freelancer), Payload: `{"userIds":[3,2,3]}`},
			[]Delivery{{freelancer, SupplierInvoiceOverdue}, {otherManager, SupplierInvoiceOverdue}, {manager, ClientInvoiceOverdue}}},
		{"an overdue invoice told before it named everyone: its user and managers", Event{Kind: string(events.InvoiceOverdue),
			UserID: id(freelancer)}, []Delivery{{freelancer, SupplierInvoiceOverdue}, {manager, ClientInvoiceOverdue},
			{otherManager, ClientInvoiceOverdue}}},
		{"system work tells everyone", Event{Kind: string(events.InstructionRate), UserID: id(freelancer)},
			[]Delivery{{freelancer, SupplierRateAmended}, {manager, BookingRateAmended}, {otherManager, BookingRateAmended}}},
	}
	for _, c := range cases {
		if got := Fanout(c.e, a); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestFanoutInvitationTellsTheInvitedAccountOnly(t *testing.T) {
	user, sender := int64(3), int64(1)
	sent := string(invitations.EventSent)
	cases := []struct {
		name string
		e    InvitationEvent
		want []Delivery
	}{
		{"an account holder", InvitationEvent{Kind: sent, UserID: &user, ActorID: &sender}, []Delivery{{user, SupplierInvited}}},
		{"an address without an account (its own mail told it)", InvitationEvent{Kind: sent, ActorID: &sender}, nil},
		{"the sender's own address", InvitationEvent{Kind: sent, UserID: &sender, ActorID: &sender}, nil},
		{"another kind", InvitationEvent{Kind: "invitation.answered", UserID: &user}, nil},
	}
	for _, c := range cases {
		if got := FanoutInvitation(c.e); !slices.Equal(got, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
