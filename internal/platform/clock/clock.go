// Package clock is Hive's one source of the current time. The database handle holds it
// (database.DB.Now) and every transaction reads it once at its start (database.Tx.Now); reads,
// handlers and workers that need "now" outside a transaction call db.Now() rather than
// time.Now(). So a test that sets the clock moves every rule that compares with now (expiry,
// idle sessions, due mail, 'last 30 days') at once. time.Now stays only where a duration is
// measured (request logs, worker leases, benchmarks), which a fixed clock would freeze.
package clock

import (
	"sync"
	"time"
)

// Clock returns the current time.
type Clock func() time.Time

// System is the wall clock in UTC, the zone the database stores.
func System() time.Time { return time.Now().UTC() }

// Settable is a clock that stands still until told to move: tests set it and advance it. It is
// safe to read from the handlers and workers a test drives while the test moves it.
type Settable struct {
	mu  sync.Mutex
	now time.Time
}

// At returns a settable clock standing at t.
func At(t time.Time) *Settable { return &Settable{now: t.UTC()} }

// Now returns the clock's time; pass the method value (c.Now) where a Clock is wanted.
func (c *Settable) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set moves the clock to t.
func (c *Settable) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t.UTC()
}

// Advance moves the clock forward by d (back, when d is negative).
func (c *Settable) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Shifted is the wall clock moved by an offset that only grows: the end-to-end journeys run a
// server on it (HIVE_TEST_CLOCK) and jump a day ahead to see an offer expire, while time keeps
// running between jumps so sessions, ordering by creation and the workers behave as in
// production.
type Shifted struct {
	mu     sync.Mutex
	offset time.Duration
}

// Now returns the wall clock plus the offset, in UTC.
func (c *Shifted) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().UTC().Add(c.offset)
}

// Advance moves the clock forward by d; a negative d is ignored, since a clock that runs
// backwards would break the rule that later writes have later times.
func (c *Shifted) Advance(d time.Duration) {
	if d <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}
