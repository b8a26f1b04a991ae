// Package bookings is the core of bookings: bookings, their dated placements and the
// instructions that put freelancers into them (reading a booking, granting, status changes
// through package status), and the instruction kernel the sub-features build on
// (store_kernel.go). Creating a booking (package create), holds, offer in turn, substitution,
// deadlines, a manager's amendments (package amend) and the bookings list (package overview)
// are packages of their own that import this one; this package imports none of them. Every change is audited and emits
// its domain event (package events) in the same transaction.
//
// The files say what kind of code they hold (docs/architecture.md): booking.go, kind.go,
// period.go, substitutable.go and the other rule files are the domain (types and rules, no I/O);
// view.go builds the API's views from rows; store_*.go hold the SQL; http_*.go the huma
// operations, which translate the API's input types into domain calls. The commitment rule is
// package commitment, available suppliers package suppliers.
package bookings
