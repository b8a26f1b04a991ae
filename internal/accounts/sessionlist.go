package accounts

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/medama-io/go-useragent"
	"github.com/medama-io/go-useragent/agents"

	"github.com/hive/hive/internal/platform/auth"
)

// Active sessions (ASVS V3.3.4): a user lists the sessions they signed in with and ends any of
// them; an administrator does the same for any user, audited. A session is named by its row id,
// never by its token (only the token's hash is stored anyway). A session belongs to whoever
// signed in with it: an administrator's session stays theirs while it impersonates someone, so
// it is listed (and ended) as the administrator's, not as the impersonated user's.

// maxUserAgent bounds what is kept of a User-Agent header.
const maxUserAgent = 512

// keptUserAgent is ua cut to maxUserAgent bytes, on a character boundary.
func keptUserAgent(ua string) string {
	if len(ua) <= maxUserAgent {
		return ua
	}
	ua = ua[:maxUserAgent]
	for !utf8.ValidString(ua) {
		ua = ua[:len(ua)-1]
	}
	return ua
}

// SessionView is one active session as the list shows it.
type SessionView struct {
	ID         int64     `json:"id" doc:"Names the session to the end operations; not its token"`
	Device     string    `json:"device" doc:"Browser and system read from the user agent at sign-in, such as 'Chrome on Windows'"`
	Address    string    `json:"address" doc:"The client address the session signed in from"`
	SignedInAt time.Time `json:"signedInAt"`
	LastUsedAt time.Time `json:"lastUsedAt" doc:"Refreshed at most once a minute"`
	Remembered bool      `json:"remembered" doc:"Signed in with 'Keep me signed in'"`
	Current    bool      `json:"current" doc:"The session making this request"`
}

// sessionListRow is what the list reads of a session.
type sessionListRow struct {
	ID         int64     `db:"id"`
	UserAgent  string    `db:"user_agent"`
	ClientAddr string    `db:"client_addr"`
	CreatedAt  time.Time `db:"created_at"`
	LastSeenAt time.Time `db:"last_seen_at"`
	Remember   bool      `db:"remember"`
}

// ownedBy is the condition on sessions s that the user (the second and third parameters, both
// the user's id) signed in with: their own, and those in which they impersonate someone.
const ownedBy = `((s.user_id = ? AND s.impersonator_id IS NULL) OR s.impersonator_id = ?)`

// DeviceOf names the browser and system of a user agent for people: "Chrome on Windows",
// "Safari on iOS (mobile)"; "Unknown device" when nothing is recognised.
func DeviceOf(ua string) string {
	agent := useragent.NewParser().Parse(ua) // the parser is built once, on first use
	browser, system := string(agent.Browser()), string(agent.OS())
	var name string
	switch {
	case browser == "" && system == "":
		return "Unknown device"
	case system == "":
		name = browser
	case browser == "":
		name = "A browser on " + system
	default:
		name = browser + " on " + system
	}
	switch agent.Device() {
	case agents.DeviceMobile, agents.DeviceTablet:
		name += " (" + strings.ToLower(string(agent.Device())) + ")"
	}
	return name
}

// MySessions lists the signed-in user's sessions. An administrator impersonating them may not
// (as for sign out everywhere).
func (s *Service) MySessions(ctx context.Context) ([]SessionView, error) {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return nil, err
	}
	return s.Store.ListSessions(ctx, p.UserID, p.SessionID)
}

// UserSessions is an administrator listing a user's sessions.
func (s *Service) UserSessions(ctx context.Context, userID int64) ([]SessionView, error) {
	p, err := auth.Require(ctx, auth.NeedAdmin)
	if err != nil {
		return nil, err
	}
	if _, err := findUser(ctx, s.Store.DB, userID); err != nil {
		return nil, err
	}
	return s.Store.ListSessions(ctx, userID, p.SessionID)
}
