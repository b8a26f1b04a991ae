package availability

import (
	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/feature"
)

// Register adds the available-suppliers and available-substitutes operations.
func Register(api huma.API, d feature.Deps) {}
