package availability

import (
	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/feature"
)

// Register adds no operation: the package's one read is handed to people by internal/app.
func Register(api huma.API, d feature.Deps) {}
