// Package bookings holds bookings, their dated placements and the instructions that put
// freelancers into them: creation from a job template, granting, and status changes (through
// package status). Every change is audited and emits its domain event (package events) in the
// same transaction.
//
// The files say what kind of code they hold (docs/architecture.md): booking.go, period.go,
// substitution.go and holds.go are the domain (types and rules, no I/O); view.go builds the
// API's views from rows; store*.go hold the SQL; http*.go the huma operations, which translate
// the API's input types into domain calls. The commitment rule is package commitment, available
// suppliers package suppliers.
package bookings
