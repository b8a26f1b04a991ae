// Package feature is what the application hands every feature when it registers its operations
// (Register(api, feature.Deps)). It lives in the plumbing layer, not in internal/app, because app
// imports the features and a feature importing app would be a cycle; and not in a feature, so no
// feature imports another just to be wired. A feature needing more (people needs the accounts
// service) embeds it in a Deps of its own.
package feature

import (
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
)

// Deps is what every feature may need from the application.
type Deps struct {
	DB     *database.DB
	Config config.Config
	// WakeMail nudges the outbox worker after a mail was queued; may be nil.
	WakeMail func()
}
