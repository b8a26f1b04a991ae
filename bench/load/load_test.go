package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func TestQuantile(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	if got := quantile(ds, 0.5); got != 50*time.Millisecond {
		t.Errorf("p50 = %s, want 50ms", got)
	}
	if got := quantile(ds, 0.99); got != 99*time.Millisecond {
		t.Errorf("p99 = %s, want 99ms", got)
	}
	if got := quantile(ds, 1); got != 100*time.Millisecond {
		t.Errorf("max = %s, want 100ms", got)
	}
	if ds[0] != 100*time.Millisecond {
		t.Error("quantile sorted its argument in place")
	}
	if quantile(nil, 0.99) != 0 {
		t.Error("quantile of nothing is not 0")
	}
}

// A step is sustained only with p99 under the limit, no error, nothing dropped and the rate
// reached.
func TestStepPassed(t *testing.T) {
	fill := func(rate float64, d time.Duration, n int) *stepStats {
		s := newStepStats(rate)
		for i := 0; i < n; i++ {
			s.record("read", "whoami", d, nil)
		}
		s.elapsed = time.Second
		return s
	}
	if s := fill(100, 10*time.Millisecond, 100); !s.passed(200 * time.Millisecond) {
		t.Error("a fast step at its rate failed")
	}
	if s := fill(100, 300*time.Millisecond, 100); s.passed(200 * time.Millisecond) {
		t.Error("a step with p99 over the limit passed")
	}
	if s := fill(100, 10*time.Millisecond, 50); s.passed(200 * time.Millisecond) {
		t.Error("a step at half its rate passed")
	}
	s := fill(100, 10*time.Millisecond, 100)
	s.record("write", "accept", time.Millisecond, &httpError{Op: "accept", Status: 409, Body: "stale"})
	if s.passed(200*time.Millisecond) || s.errorCount() != 1 {
		t.Errorf("a step with an error passed (errors %d)", s.errorCount())
	}
	s = fill(100, 10*time.Millisecond, 100)
	s.dropped = 1
	if s.passed(200 * time.Millisecond) {
		t.Error("a step that dropped a request passed")
	}
}

// Errors are counted by kind: the same refusal twice is one line with a count of two.
func TestErrorsCountedByKind(t *testing.T) {
	s := newStepStats(1)
	e := &httpError{Op: "accept", Status: 409, Body: `{"error":"stale"}`}
	s.record("write", "accept", 0, e)
	s.record("write", "accept", 0, e)
	s.record("read", "whoami", 0, &httpError{Op: "whoami", Body: "connection refused"})
	if len(s.errors) != 2 || s.errors[e.Error()] != 2 {
		t.Errorf("errors = %v", s.errors)
	}
	if !strings.Contains(e.Error(), "status 409") {
		t.Errorf("error %q does not name the status", e.Error())
	}
	var he *httpError
	if !errors.As(error(e), &he) {
		t.Error("httpError is not an error")
	}
}

// Every role has reads and writes, and pick honours the weights.
func TestMenus(t *testing.T) {
	for _, rs := range roleShares {
		m, ok := menus[rs.role]
		if !ok || len(m.reads) == 0 || len(m.writes) == 0 {
			t.Errorf("role %s has no reads or no writes", rs.role)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	hits := [2]int{}
	first := func(ctx0 int) action {
		return func(_ context.Context, _ *loader, _ *Plan, _ *vu, _ *rand.Rand, _ recorder) { hits[ctx0]++ }
	}
	ws := []weighted{{1, first(0)}, {3, first(1)}}
	for i := 0; i < 4000; i++ {
		pick(r, ws)(context.Background(), nil, nil, nil, nil, nil)
	}
	if hits[1] < 2700 || hits[1] > 3300 {
		t.Errorf("weights 1:3 picked %v", hits)
	}
}

func TestMonthIsWithinThePlan(t *testing.T) {
	p := &Plan{Month0: "2027-01-01", Months: 6}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100; i++ {
		s, e := p.month(r)
		if s < "2027-01-01" || e > "2027-06-30" || s[:7] != e[:7] || !strings.HasSuffix(s, "-01") {
			t.Fatalf("month %s..%s", s, e)
		}
	}
}
