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
