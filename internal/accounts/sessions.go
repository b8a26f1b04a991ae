package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// createSession starts a session for userID and returns its token.
func createSession(ctx context.Context, tx *database.Tx, userID int64, ttl time.Duration) (string, error) {
	token := auth.NewToken()
	_, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		auth.TokenHash(token), userID, tx.Now, tx.Now.Add(ttl))
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
// which an administrator impersonates the user end too.
func endSessionsOf(ctx context.Context, tx *database.Tx, userID, keepSessionID int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND id <> ?`, userID, keepSessionID)
	if err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}

// sessionRow is what one query reads per request: the session, its whole user row and the
// impersonator's name, so whoami needs no second query.
type sessionRow struct {
	User
	SessionID             int64          `db:"session_id"`
	ImpersonatorID        sql.NullInt64  `db:"impersonator_id"`
	ImpersonatorFirstName sql.NullString `db:"imp_first_name"`
	ImpersonatorLastName  sql.NullString `db:"imp_last_name"`
}

var sessionQuery = `SELECT s.id AS session_id, s.impersonator_id, i.first_name AS imp_first_name,
		i.last_name AS imp_last_name, ` + database.Qualify("u", userColumns) + `
	FROM sessions s
	JOIN users u ON u.id = s.user_id
	LEFT JOIN users i ON i.id = s.impersonator_id
	WHERE s.token_hash = ? AND s.expires_at > ? AND u.account_status IN ('active', 'system', 'require_email_change')`

type sessionUserKey struct{}

// SessionContext is the session middleware's loader: it returns ctx carrying the principal of
// token and its user row, or ctx unchanged for an unknown or expired session.
func (s *Store) SessionContext(ctx context.Context, token string) (context.Context, error) {
	p, u, err := s.LoadPrincipal(ctx, token)
	if err != nil || p == nil {
		return ctx, err
	}
	return context.WithValue(auth.WithPrincipal(ctx, p), sessionUserKey{}, u), nil
}

// sessionUser returns the user row the session middleware read for this request.
func sessionUser(ctx context.Context, userID int64) (User, bool) {
	u, ok := ctx.Value(sessionUserKey{}).(User)
	return u, ok && u.ID == userID
}

// LoadPrincipal finds the principal of a session token and its user: nil for unknown or expired
// sessions and for accounts that may no longer sign in.
func (s *Store) LoadPrincipal(ctx context.Context, token string) (*auth.Principal, User, error) {
	var r sessionRow
	err := s.DB.Get(ctx, &r, sessionQuery, auth.TokenHash(token), s.DB.Now())
	if errors.Is(err, sql.ErrNoRows) {
		return nil, User{}, nil
	}
	if err != nil {
		return nil, User{}, fmt.Errorf("load session: %w", err)
	}
	u := r.User
	needs, err := s.Needs(ctx, u)
	if err != nil {
		return nil, User{}, err
	}
	p := &auth.Principal{UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		CanAdmin: u.CanAdmin, IsFreelancer: u.IsFreelancer, SessionID: r.SessionID, Needs: needs}
	if r.ImpersonatorID.Valid {
		p.ImpersonatorID = r.ImpersonatorID.Int64
		p.ImpersonatorName = strings.TrimSpace(r.ImpersonatorFirstName.String + " " + r.ImpersonatorLastName.String)
	}
	return p, u, nil
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

// PurgeExpired deletes expired sessions and old tokens.
func (s *Store) PurgeExpired(ctx context.Context) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, tx.Now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM account_tokens WHERE expires_at <= ?`, tx.Now.Add(-24*time.Hour))
		return err
	})
}
