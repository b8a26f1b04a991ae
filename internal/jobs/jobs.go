// Package jobs holds job templates: a department's reusable job with its placement templates
// (times, breaks, notes, default buy and sell rates), its preferred freelancers, and rate cards
// (custom rates of one freelancer on one placement template).
package jobs

import (
	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/organisations"
)

// Register adds the job template and rate card operations.
func Register(api huma.API, d organisations.Deps) {}
