package waterfall

import (
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
)

func TestCandidateState(t *testing.T) {
	open := offerPart{Supplier: status.Awaiting, Client: status.Awaiting}
	yes := offerPart{Supplier: status.Accepted, Client: status.Awaiting}
	for _, c := range []struct {
		name  string
		parts []offerPart
		want  string
	}{
		{"waiting", []offerPart{open}, CandidateOffered},
		{"one of two accepted", []offerPart{yes, open}, CandidateOffered},
		{"all accepted", []offerPart{yes, yes}, CandidateAccepted},
		{"one declined", []offerPart{yes, {Supplier: status.Rejected, Client: status.Awaiting}}, CandidateDeclined},
		{"expired", []offerPart{{Supplier: status.Awaiting, Client: status.Cancelled, Reason: bookings.ReasonOfferExpired}}, CandidateExpired},
		{"withdrawn", []offerPart{{Supplier: status.Awaiting, Client: status.Cancelled, Reason: MsgWaterfallWithdrawn}}, CandidateSkipped},
		{"substituted: the place stays filled", []offerPart{{Supplier: status.Cancelled, Client: status.Accepted}}, CandidateAccepted},
		{"every placement cancelled: withdrawn", nil, CandidateSkipped},
	} {
		if got := candidateState(c.parts); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestToOfferNeverOpensMoreThanThePlacesLeft(t *testing.T) {
	for _, c := range []struct{ places, open, accepted, offered, want int }{
		{6, 6, 0, 0, 6}, {6, 2, 0, 0, 2}, {6, 2, 0, 1, 1}, {2, 2, 1, 1, 0}, {2, 5, 0, 0, 2}, {2, 2, 2, 0, 0}, {1, 1, 0, 3, 0},
	} {
		if got := toOffer(c.places, c.open, c.accepted, c.offered); got != c.want {
			t.Errorf("toOffer(%d, %d, %d, %d) = %d, want %d", c.places, c.open, c.accepted, c.offered, got, c.want)
		}
	}
}

func TestNextState(t *testing.T) {
	for _, c := range []struct{ from, action, want string }{
		{WaterfallRunning, ActionPause, WaterfallPaused}, {WaterfallPaused, ActionResume, WaterfallRunning},
		{WaterfallPaused, ActionStop, WaterfallStopped}, {WaterfallRunning, ActionStop, WaterfallStopped},
		{WaterfallRunning, ActionResume, ""}, {WaterfallPaused, ActionPause, ""}, {WaterfallStopped, ActionResume, ""},
		// A finished one, filled or ran out, has no offer to pause or stop.
		{WaterfallDone, ActionPause, ""}, {WaterfallDone, ActionStop, ""},
		{WaterfallRanOut, ActionPause, ""}, {WaterfallRanOut, ActionStop, ""}, {WaterfallRanOut, ActionResume, ""},
	} {
		got, err := nextState(c.from, c.action)
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("%s %s: %q %v, want %q", c.from, c.action, got, err, c.want)
		}
	}
	for state, want := range map[string][]string{WaterfallRunning: {ActionPause, ActionStop},
		WaterfallPaused: {ActionResume, ActionStop}, WaterfallDone: {}, WaterfallRanOut: {}, WaterfallStopped: {}} {
		if got := actionsIn(state); !slices.Equal(got, want) {
			t.Errorf("actions in %s: %v, want %v", state, got, want)
		}
	}
}

func TestSettledState(t *testing.T) {
	counts := func(pending, offered, accepted int) map[string]int {
		return map[string]int{CandidatePending: pending, CandidateOffered: offered, CandidateAccepted: accepted, CandidateDeclined: 3}
	}
	for _, c := range []struct {
		name                    string
		places, live            int
		pending, open, accepted int
		want                    string
	}{
		{"an offer open", 1, 1, 0, 1, 0, WaterfallRunning},
		{"filled", 1, 1, 2, 0, 1, WaterfallDone},
		{"filled, an offer still open", 2, 1, 0, 1, 2, WaterfallRunning},
		{"nobody left, a place unfilled", 1, 1, 0, 0, 0, WaterfallRanOut},
		{"nobody left, one of two filled", 2, 1, 0, 0, 1, WaterfallRanOut},
		{"someone waiting", 1, 1, 1, 0, 0, WaterfallRunning},
		{"no placement left", 1, 0, 2, 0, 0, WaterfallStopped},
	} {
		if got := settledState(c.places, c.live, counts(c.pending, c.open, c.accepted)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if got := filledOf(0, 1); got != "0 of 1 filled" {
		t.Errorf("filledOf: %q", got)
	}
}

func TestAnswerByForEndsNoLaterThanTheFirstStart(t *testing.T) {
	now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	at := func(h int) bookings.GrantPlacement {
		return bookings.GrantPlacement{StartAt: now.Add(time.Duration(h) * time.Hour)}
	}
	for _, c := range []struct {
		name       string
		placements []bookings.GrantPlacement
		want       time.Time
	}{
		{"starts after the lifetime", []bookings.GrantPlacement{at(48)}, now.Add(4 * time.Hour)},
		{"starts within the lifetime", []bookings.GrantPlacement{at(48), at(2)}, now.Add(2 * time.Hour)},
		{"started already", []bookings.GrantPlacement{at(-1)}, now.Add(4 * time.Hour)},
	} {
		if got := answerByFor(now, 4*time.Hour, c.placements); !got.Equal(c.want) {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
