// Package unavailability holds the dates a freelancer has marked as unavailable.
package unavailability

import (
	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/organisations"
)

// Register adds the unavailability operations.
func Register(api huma.API, d organisations.Deps) {}
