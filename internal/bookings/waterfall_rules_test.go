package bookings

import (
	"testing"
	"time"

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
		{"expired", []offerPart{{Supplier: status.Awaiting, Client: status.Cancelled, Reason: ReasonOfferExpired}}, CandidateExpired},
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
		{WaterfallRunning, ActionPause, WaterfallPaused}, {WaterfallDone, ActionPause, WaterfallPaused},
		{WaterfallPaused, ActionResume, WaterfallRunning}, {WaterfallPaused, ActionStop, WaterfallStopped},
		{WaterfallRunning, ActionStop, WaterfallStopped}, {WaterfallRunning, ActionResume, ""}, {WaterfallStopped, ActionResume, ""},
	} {
		got, err := nextState(c.from, c.action)
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("%s %s: %q %v, want %q", c.from, c.action, got, err, c.want)
		}
	}
}

func TestAnswerByForEndsNoLaterThanTheFirstStart(t *testing.T) {
	now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	at := func(h int) grantPlacement { return grantPlacement{StartAt: now.Add(time.Duration(h) * time.Hour)} }
	for _, c := range []struct {
		name       string
		placements []grantPlacement
		want       time.Time
	}{
		{"starts after the lifetime", []grantPlacement{at(48)}, now.Add(4 * time.Hour)},
		{"starts within the lifetime", []grantPlacement{at(48), at(2)}, now.Add(2 * time.Hour)},
		{"started already", []grantPlacement{at(-1)}, now.Add(4 * time.Hour)},
	} {
		if got := answerByFor(now, 4*time.Hour, c.placements); !got.Equal(c.want) {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
