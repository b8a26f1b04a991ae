// Package bookings holds bookings, their dated placements and the instructions that put
// freelancers into them: creation from a job template, granting, and status changes (through
// package status). Every change is audited and emits its domain event (package events) in the
// same transaction.
package bookings

import (
	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/feature"
)

// Register adds the booking, placement and instruction operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	h.register(api)
	h.registerChanges(api)
	h.registerSuppliers(api)
	h.registerSubstitution(api)
}
