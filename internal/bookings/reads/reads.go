// Package reads is bookings' read interface for the other features: every query, query part or
// read model of the bookings tables that a feature outside bookings runs lives here, in a store
// file named for its reader (store_agenda.go, store_search.go...); the scheduler's reads are
// package reads/schedule. No package outside
// internal/bookings names a bookings table in its SQL (internal/app/ownership_test.go), so the
// bookings tables can change with their readers in view.
//
// reads imports only platform packages and bookings/status (the status rule and its SQL form),
// never the core bookings package: the readers sit beside bookings, not above it.
package reads
