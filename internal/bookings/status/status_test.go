package status

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
)

type colourCase struct {
	Supplier Status `json:"supplierStatus"`
	Client   Status `json:"clientStatus"`
	Deleted  bool   `json:"deleted"`
	Colour   Colour `json:"colour"`
	Priority int    `json:"priority"`
}

// The same file drives the TypeScript twin (web/src/features/bookings/status).
func TestColourAndPriorityFollowTheSharedTable(t *testing.T) {
	data, err := os.ReadFile("testdata/colour_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []colourCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		s := State{Supplier: c.Supplier, Client: c.Client, Deleted: c.Deleted}
		if got := ColourOf(s); got != c.Colour {
			t.Errorf("ColourOf(%+v) = %s, want %s", s, got, c.Colour)
		}
		if got := SortPriority(s); got != c.Priority {
			t.Errorf("SortPriority(%+v) = %d, want %d", s, got, c.Priority)
		}
	}
}

func TestWorstColourOfAGroup(t *testing.T) {
	cases := []struct {
		in   []Colour
		want Colour
	}{
		{nil, Gray},
		{[]Colour{Green, Green}, Green},
		{[]Colour{Green, Purple}, Purple},
		{[]Colour{Purple, Orange, Green}, Orange},
		{[]Colour{Green, Red, Orange}, Red},
		{[]Colour{Gray, Green}, Green},
	}
	for _, c := range cases {
		if got := Worst(c.in...); got != c.want {
			t.Errorf("Worst(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestInitialStatusesPerBookingType(t *testing.T) {
	cases := []struct {
		typ    BookingType
		direct bool
		want   State
	}{
		{TypeDefault, false, State{Supplier: Awaiting, Client: Awaiting}},
		{TypePreConfirmed, false, State{Supplier: Accepted, Client: Awaiting}},
		{TypeDefault, true, State{Supplier: Accepted, Client: Accepted}},
		{TypePreConfirmed, true, State{Supplier: Accepted, Client: Accepted}},
	}
	for _, c := range cases {
		if got := Initial(c.typ, c.direct); got != c.want {
			t.Errorf("Initial(%s, %v) = %+v, want %+v", c.typ, c.direct, got, c.want)
		}
	}
}

// Every transition the rules allow, written out by hand: "actor side→to from supplier/client".
// Every other combination of actor, change and state below must be refused.
var allowed = map[string]bool{
	// The freelancer answers their own offer.
	"freelancer supplier→accepted from awaiting_response/awaiting_response": true,
	"freelancer supplier→rejected from awaiting_response/awaiting_response": true,
	"freelancer supplier→accepted from awaiting_response/accepted":          true,
	"freelancer supplier→rejected from awaiting_response/accepted":          true,
	// The manager confirms or declines for the client.
	"manager client→accepted from awaiting_response/awaiting_response": true,
	"manager client→rejected from awaiting_response/awaiting_response": true,
	"manager client→accepted from accepted/awaiting_response":          true,
	"manager client→rejected from accepted/awaiting_response":          true,
	// The manager answers as the supplier.
	"manager supplier→accepted from awaiting_response/awaiting_response": true,
	"manager supplier→rejected from awaiting_response/awaiting_response": true,
	"manager supplier→accepted from awaiting_response/accepted":          true,
	"manager supplier→rejected from awaiting_response/accepted":          true,
	// The manager cancels a live instruction, on either side.
	"manager supplier→cancelled from awaiting_response/awaiting_response": true,
	"manager client→cancelled from awaiting_response/awaiting_response":   true,
	"manager supplier→cancelled from awaiting_response/accepted":          true,
	"manager client→cancelled from awaiting_response/accepted":            true,
	"manager supplier→cancelled from accepted/awaiting_response":          true,
	"manager client→cancelled from accepted/awaiting_response":            true,
	"manager supplier→cancelled from accepted/accepted":                   true,
	"manager client→cancelled from accepted/accepted":                     true,
}

func TestEveryTransitionIsAllowedOrRefusedAsWritten(t *testing.T) {
	statuses := []Status{Awaiting, Accepted, Rejected, Cancelled}
	seen := 0
	for _, deleted := range []bool{false, true} {
		for _, sup := range statuses {
			for _, cli := range statuses {
				for _, actor := range []Actor{ActorFreelancer, ActorManager} {
					for _, side := range []Side{Supplier, Client} {
						for _, to := range []Status{Accepted, Rejected, Cancelled, Awaiting} {
							cur := State{Supplier: sup, Client: cli, Deleted: deleted}
							key := fmt.Sprintf("%s %s→%s from %s/%s", actor, side, to, sup, cli)
							res, err := Apply(cur, Change{Side: side, To: to, Reason: "Other"}, actor)
							want := allowed[key] && !deleted
							if want && err != nil {
								t.Errorf("%s (deleted %v): refused: %v", key, deleted, err)
							}
							if !want && err == nil {
								t.Errorf("%s (deleted %v): allowed, want refused", key, deleted)
							}
							if err != nil {
								continue
							}
							seen++
							prev, got := sup, res.State.Supplier
							if side == Client {
								prev, got = cli, res.State.Client
							}
							if got != to || res.Previous != prev {
								t.Errorf("%s: got %s (previous %s)", key, got, res.Previous)
							}
						}
					}
				}
			}
		}
	}
	if seen != len(allowed) {
		t.Errorf("%d transitions allowed, the table lists %d", seen, len(allowed))
	}
}

func TestCancellingNeedsAReason(t *testing.T) {
	_, err := Apply(State{Supplier: Accepted, Client: Accepted}, Change{Side: Client, To: Cancelled, Reason: "  "}, ActorManager)
	if apperror.KindOf(err) != apperror.KindInvalid {
		t.Fatalf("blank reason: %v, want a validation error", err)
	}
}

// Check is Apply without the reason: for every state, side, target and actor, a change Check
// allows is one Apply makes (given a reason), and one it refuses Apply refuses with the same
// error. The views' action flags ask Check, so this is what keeps them true to the writes.
func TestCheckAgreesWithApply(t *testing.T) {
	statuses := []Status{Awaiting, Accepted, Rejected, Cancelled}
	for _, sup := range statuses {
		for _, cli := range statuses {
			for _, deleted := range []bool{false, true} {
				cur := State{Supplier: sup, Client: cli, Deleted: deleted}
				for _, side := range []Side{Supplier, Client} {
					for _, to := range []Status{Accepted, Rejected, Cancelled} {
						for _, actor := range []Actor{ActorFreelancer, ActorManager} {
							checked := Check(cur, side, to, actor)
							_, applied := Apply(cur, Change{Side: side, To: to, Reason: "Other"}, actor)
							if (checked == nil) != (applied == nil) || (checked != nil && checked.Error() != applied.Error()) {
								t.Errorf("%+v %s→%s by %s: Check %v, Apply %v", cur, side, to, actor, checked, applied)
							}
						}
					}
				}
			}
		}
	}
	if ActorFreelancer.Side() != Supplier || ActorManager.Side() != Client {
		t.Error("an actor's own side")
	}
}

// A freelancer may reject work they accepted only while a change to it awaits their
// acknowledgement; a manager may not reject the supplier side for them, and nothing else opens.
func TestRejectingAChangeToAcceptedWork(t *testing.T) {
	for _, c := range []struct {
		name  string
		cur   State
		side  Side
		to    Status
		actor Actor
		ok    bool
	}{
		{"accepted, a change awaiting: the freelancer rejects", State{Supplier: Accepted, Client: Accepted, ChangeAwaiting: true}, Supplier, Rejected, ActorFreelancer, true},
		{"client still awaiting too", State{Supplier: Accepted, Client: Awaiting, ChangeAwaiting: true}, Supplier, Rejected, ActorFreelancer, true},
		{"accepted, no change", State{Supplier: Accepted, Client: Accepted}, Supplier, Rejected, ActorFreelancer, false},
		{"a change awaiting, accepted again", State{Supplier: Accepted, Client: Accepted, ChangeAwaiting: true}, Supplier, Accepted, ActorFreelancer, false},
		{"a change awaiting, the manager as supplier", State{Supplier: Accepted, Client: Accepted, ChangeAwaiting: true}, Supplier, Rejected, ActorManager, false},
		{"a change awaiting, the client side", State{Supplier: Accepted, Client: Accepted, ChangeAwaiting: true}, Client, Rejected, ActorFreelancer, false},
		{"a change awaiting, cancelled by the client", State{Supplier: Accepted, Client: Cancelled, ChangeAwaiting: true}, Supplier, Rejected, ActorFreelancer, false},
	} {
		err := Check(c.cur, c.side, c.to, c.actor)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want allowed %v", c.name, err, c.ok)
		}
		if _, applied := Apply(c.cur, Change{Side: c.side, To: c.to}, c.actor); (applied == nil) != c.ok {
			t.Errorf("%s: Apply %v", c.name, applied)
		}
	}
}
