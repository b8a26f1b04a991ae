package accounts

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
)

// createSession starts a session for userID and returns its token. The request's user agent and
// client address are kept with it, for the active sessions list (sessionlist.go, store_sessionlist.go).
func createSession(ctx context.Context, tx *database.Tx, userID int64, limits SessionLimits, remember bool) (string, error) {
	token := auth.NewToken()
	_, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at, remember,
		user_agent, client_addr) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		auth.TokenHash(token), userID, tx.Now, tx.Now.Add(limits.lifetime(remember)), tx.Now, remember,
		keptUserAgent(httpapi.UserAgent(ctx)), httpapi.ClientAddr(ctx))
	if err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	return token, nil
}

// endSession deletes the session of token, if any.
func endSession(ctx context.Context, tx *database.Tx, token string) error {
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, auth.TokenHash(token))
	return err
}

// endSessionsOf ends every session of userID but keepSessionID (0 keeps none): after a
// password or e-mail change, whoever else holds a session must sign in again. Sessions in
// which an administrator impersonates the user end too, and so do those in which the user, an
// administrator, impersonates someone.
func endSessionsOf(ctx context.Context, tx *database.Tx, userID, keepSessionID int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE (user_id = ? OR impersonator_id = ?) AND id <> ?`,
		userID, userID, keepSessionID)
	if err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}

// sessionQuery refuses sessions past their absolute expiry and, unless remembered, those idle
// since before the cutoff (the second time parameter).
var sessionQuery = `SELECT s.id AS session_id, s.expires_at, s.last_seen_at, s.remember, s.impersonator_id, i.first_name AS imp_first_name,
		i.last_name AS imp_last_name, ` + secondFactorColumns + `, ` + database.Qualify("u", UserColumns) + `
	FROM sessions s
	JOIN users u ON u.id = s.user_id
	LEFT JOIN users i ON i.id = s.impersonator_id
	WHERE s.token_hash = ? AND s.expires_at > ? AND (s.remember OR s.last_seen_at > ?)
		AND u.account_status IN ('active', 'system', 'require_email_change')`

// SessionContext is the session middleware's loader: it returns ctx carrying the principal of
// token and its user row, or ctx unchanged for an unknown or expired session.
func (s *Store) SessionContext(ctx context.Context, token string) (context.Context, error) {
	p, u, err := s.LoadPrincipal(ctx, token)
	if err != nil || p == nil {
		return ctx, err
	}
	return context.WithValue(auth.WithPrincipal(ctx, p), sessionUserKey{}, u), nil
}

// LoadPrincipal finds the principal of a session token and its user: nil for unknown or expired
// sessions and for accounts that may no longer sign in. With a cache, a session used on this
// node in the last few seconds is answered from it, with the same expiry and idle rules.
func (s *Store) LoadPrincipal(ctx context.Context, token string) (*auth.Principal, User, error) {
	key := [32]byte(auth.TokenHash(token))
	now := s.DB.Now()
	var gen uint64
	if c := s.Cache; c != nil {
		if err := s.DB.CatchUpAuthChanges(ctx); err != nil {
			return nil, User{}, err
		}
		if e, ok := c.get(key, now); ok && now.Before(e.expiresAt) &&
			(e.remember || now.Sub(e.lastSeenAt) < s.Limits.Idle) {
			if now.Sub(e.lastSeenAt) > s.Limits.touchEvery() {
				if err := s.touch(ctx, e.principal.SessionID); err != nil {
					return nil, User{}, err
				}
				c.touched(key, e, now)
			}
			return e.principal, e.user, nil
		}
		gen = c.generation()
	}
	var r sessionRow
	found, err := database.Found(s.DB.Get(ctx, &r, sessionQuery, key[:], now, now.Add(-s.Limits.Idle)))
	if err != nil {
		return nil, User{}, fmt.Errorf("load session: %w", err)
	}
	if !found {
		return nil, User{}, nil
	}
	lastSeen := r.LastSeenAt
	if now.Sub(r.LastSeenAt) > s.Limits.touchEvery() {
		if err := s.touch(ctx, r.SessionID); err != nil {
			return nil, User{}, err
		}
		lastSeen = now
	}
	u := r.User
	needs, err := s.Needs(ctx, u)
	if err != nil {
		return nil, User{}, err
	}
	p := &auth.Principal{UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		CanAdmin: u.CanAdmin, IsFreelancer: u.IsFreelancer, SessionID: r.SessionID, Needs: needs}
	s.principalSecondFactor(p, u, r.secondFactorState)
	if r.ImpersonatorID.Valid {
		p.ImpersonatorID = r.ImpersonatorID.Int64
		p.ImpersonatorName = strings.TrimSpace(r.ImpersonatorFirstName.String + " " + r.ImpersonatorLastName.String)
	}
	if c := s.Cache; c != nil {
		c.put(key, gen, &cachedSession{principal: p, user: u, expiresAt: r.ExpiresAt, lastSeenAt: lastSeen,
			remember: r.Remember, until: now.Add(c.ttl)}, now)
	}
	return p, u, nil
}

// touch records that a session is in use. The condition keeps concurrent requests of one
// session from all writing.
func (s *Store) touch(ctx context.Context, sessionID int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?`,
			tx.Now, sessionID, tx.Now.Add(-s.Limits.touchEvery()))
		if err != nil {
			return fmt.Errorf("touch session: %w", err)
		}
		return nil
	})
}

// impersonate turns the session into one of target carrying the administrator.
func impersonate(ctx context.Context, tx *database.Tx, sessionID, adminID, targetID int64) error {
	_, err := tx.Exec(ctx, `UPDATE sessions SET user_id = ?, impersonator_id = ? WHERE id = ?`, targetID, adminID, sessionID)
	return err
}

// cancelImpersonation gives the session back to the administrator.
func cancelImpersonation(ctx context.Context, tx *database.Tx, sessionID int64) (int64, error) {
	var adminID int64
	err := tx.Get(ctx, &adminID, `UPDATE sessions SET user_id = impersonator_id, impersonator_id = NULL
		WHERE id = ? AND impersonator_id IS NOT NULL RETURNING user_id`, sessionID)
	return adminID, err
}

// PurgeExpired deletes expired and idle sessions, old tokens and stale login failure counts.
func (s *Store) PurgeExpired(ctx context.Context) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ? OR (NOT remember AND last_seen_at <= ?)`,
			tx.Now, tx.Now.Add(-s.Limits.Idle)); err != nil {
			return err
		}
		if err := purgeLoginFailures(ctx, tx); err != nil {
			return err
		}
		if err := purgePasskeyCeremonies(ctx, tx); err != nil {
			return err
		}
		if err := purgePendingLogins(ctx, tx); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM account_tokens WHERE expires_at <= ?`, tx.Now.Add(-24*time.Hour))
		return err
	})
}

// sessionRow is what one query reads per request: the session, its whole user row and the
// impersonator's name, so whoami needs no second query.
type sessionRow struct {
	User
	SessionID             int64          `db:"session_id"`
	ExpiresAt             time.Time      `db:"expires_at"`
	LastSeenAt            time.Time      `db:"last_seen_at"`
	Remember              bool           `db:"remember"`
	ImpersonatorID        sql.NullInt64  `db:"impersonator_id"`
	ImpersonatorFirstName sql.NullString `db:"imp_first_name"`
	ImpersonatorLastName  sql.NullString `db:"imp_last_name"`
	secondFactorState
}
