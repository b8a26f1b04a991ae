// Package bookings holds bookings, their dated placements and the instructions that put
// freelancers into them: creation from a job template, amendment, cancellation, granting,
// status changes (through package status), rates and substitution. Every change is audited and
// emits its domain event (package events) in the same transaction.
package bookings

import (
	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/organisations"
)

// Register adds the booking, placement and instruction operations.
func Register(api huma.API, d organisations.Deps) {}
