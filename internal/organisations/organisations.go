// Package organisations holds what the organisation features share: their dependencies and the
// permission rules over entities and departments. Each area lives in a sub-package (entities,
// legalentities, departments, links, tags, invitations) with its own types, store and
// operations.
package organisations

import (
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
)

// Deps is what the organisation features need from the application.
type Deps struct {
	DB     *database.DB
	Config config.Config
	// WakeMail nudges the outbox worker after a mail was queued; may be nil.
	WakeMail func()
}
