package status

import (
	"slices"
	"testing"
	"time"
)

func TestCountOfEachStatePair(t *testing.T) {
	cases := []struct {
		s    State
		want Count
	}{
		{State{Supplier: Accepted, Client: Accepted}, CountConfirmed},
		{State{Supplier: Accepted, Client: Awaiting}, CountPipeline},
		{State{Supplier: Awaiting, Client: Awaiting}, CountPipeline},
		{State{Supplier: Awaiting, Client: Accepted}, CountPipeline},
		{State{Supplier: Accepted, Client: Cancelled}, CountNothing},
		{State{Supplier: Rejected, Client: Awaiting}, CountNothing},
		{State{Supplier: Accepted, Client: Accepted, Deleted: true}, CountNothing},
		{State{Supplier: Unknown, Client: Unknown}, CountNothing},
	}
	for _, c := range cases {
		if got := CountOf(c.s); got != c.want {
			t.Errorf("CountOf(%+v) = %s, want %s", c.s, got, c.want)
		}
	}
}

func TestAPlacementCountsOnceInThePipelineAndNotAtAllOnceFilled(t *testing.T) {
	var (
		confirmed = State{Supplier: Accepted, Client: Accepted}
		awaiting  = State{Supplier: Awaiting, Client: Awaiting}
		accepted  = State{Supplier: Accepted, Client: Awaiting}
		cancelled = State{Supplier: Accepted, Client: Cancelled}
		rejected  = State{Supplier: Rejected, Client: Awaiting}
	)
	cases := []struct {
		name string
		in   []State
		want []Count
	}{
		{"nothing", nil, []Count{}},
		{"offered to three: the earliest is the pipeline", []State{awaiting, awaiting, awaiting},
			[]Count{CountPipeline, CountAlternative, CountAlternative}},
		{"the one its freelancer accepted goes first", []State{awaiting, accepted, awaiting},
			[]Count{CountAlternative, CountPipeline, CountAlternative}},
		{"filled: the open offers count nothing", []State{awaiting, confirmed, accepted},
			[]Count{CountAlternative, CountConfirmed, CountAlternative}},
		{"two confirmed people both count", []State{confirmed, confirmed}, []Count{CountConfirmed, CountConfirmed}},
		{"closed ones never", []State{cancelled, rejected, awaiting}, []Count{CountNothing, CountNothing, CountPipeline}},
	}
	for _, c := range cases {
		if got := PlacementCounts(c.in); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestLateCancellationCountsWholeDaysBeforeTheStart(t *testing.T) {
	// 09:00 in London on Monday 29 March 2027, the day after the clock change (08:00 UTC).
	start := time.Date(2027, 3, 29, 8, 0, 0, 0, time.UTC)
	at := func(s string) time.Time {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	cases := []struct {
		cancelled string
		window    int
		late      bool
	}{
		{"2027-03-29T07:59:00Z", 0, false},
		{"2027-03-29T08:01:00Z", 0, true},
		// Two days before is 09:00 on Saturday the 27th in London, still GMT: 09:00 UTC.
		{"2027-03-27T08:30:00Z", 2, false},
		{"2027-03-27T09:30:00Z", 2, true},
		{"2027-01-01T00:00:00Z", 365, true},
	}
	for _, c := range cases {
		if got := LateCancellation(at(c.cancelled), start, "Europe/London", c.window); got != c.late {
			t.Errorf("cancelled %s with a %d-day window: late %v, want %v", c.cancelled, c.window, got, c.late)
		}
	}
}
