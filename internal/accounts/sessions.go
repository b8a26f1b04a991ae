package accounts

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/config"
)

// SessionLimits are how long sessions last (docs/decisions.md, "Accounts and sign-in").
type SessionLimits struct {
	Idle             time.Duration // a session not used for this long ends, unless remembered
	Lifetime         time.Duration // absolute lifetime of an ordinary session
	RememberLifetime time.Duration // absolute lifetime of a 'keep me signed in' session
}

// SessionLimitsOf reads the limits from the configuration.
func SessionLimitsOf(cfg config.Config) SessionLimits {
	return SessionLimits{Idle: cfg.SessionIdleTimeout, Lifetime: cfg.SessionLifetime,
		RememberLifetime: cfg.SessionRememberLifetime}
}

// lifetime is the absolute lifetime of a session started with remember.
func (l SessionLimits) lifetime(remember bool) time.Duration {
	if remember {
		return l.RememberLifetime
	}
	return l.Lifetime
}

// touchEvery is how stale last_seen_at may get before a request refreshes it: a tenth of the
// idle timeout, at most a minute. Most requests therefore only read the session; the idle
// timeout is honoured to within this margin, and the active sessions list's 'last used' too
// (remembered sessions are touched alike, though no idle limit ends them).
func (l SessionLimits) touchEvery() time.Duration {
	return min(time.Minute, l.Idle/10)
}

type sessionUserKey struct{}

// sessionUser returns the user row the session middleware read for this request.
func sessionUser(ctx context.Context, userID int64) (User, bool) {
	u, ok := ctx.Value(sessionUserKey{}).(User)
	return u, ok && u.ID == userID
}
