package accounts

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// ListSessions returns userID's live sessions, the most recently used first; currentID marks
// the asking session.
func (s *Store) ListSessions(ctx context.Context, userID, currentID int64) ([]SessionView, error) {
	now := s.DB.Now()
	var rows []sessionListRow
	err := s.DB.Select(ctx, &rows, `SELECT s.id, s.user_agent, s.client_addr, s.created_at, s.last_seen_at, s.remember
		FROM sessions s WHERE `+ownedBy+` AND s.expires_at > ? AND (s.remember OR s.last_seen_at > ?)
		ORDER BY s.last_seen_at DESC, s.id DESC`, userID, userID, now, now.Add(-s.Limits.Idle))
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out := make([]SessionView, len(rows))
	for i, r := range rows {
		out[i] = SessionView{ID: r.ID, Device: DeviceOf(r.UserAgent), Address: r.ClientAddr,
			SignedInAt: r.CreatedAt.UTC(), LastUsedAt: r.LastSeenAt.UTC(), Remembered: r.Remember, Current: r.ID == currentID}
	}
	return out, nil
}

// endOwnedSession ends session sessionID of userID: N-404 when userID has no such session.
func endOwnedSession(ctx context.Context, tx *database.Tx, userID, sessionID int64) error {
	n, err := tx.Exec(ctx, `DELETE FROM sessions AS s WHERE s.id = ? AND `+ownedBy,
		sessionID, userID, userID)
	if err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	if n == 0 {
		return apperror.NotFound("Session")
	}
	return nil
}

// EndMySession ends one of the signed-in user's sessions; current reports that it was the one
// asking, which is then signed out.
func (s *Service) EndMySession(ctx context.Context, sessionID int64) (current bool, err error) {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return false, err
	}
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error { return endOwnedSession(ctx, tx, p.UserID, sessionID) })
	return err == nil && sessionID == p.SessionID, err
}

// EndUserSession is an administrator ending one of a user's sessions, recorded in the history
// against the session (source session), naming the administrator and the user. current reports
// that it was the administrator's own session.
func (s *Service) EndUserSession(ctx context.Context, userID, sessionID int64) (current bool, err error) {
	p, err := auth.Require(ctx, auth.NeedAdmin)
	if err != nil {
		return false, err
	}
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		target, err := findUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := endOwnedSession(ctx, tx, userID, sessionID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Delete, audit.SourceSession, sessionID, map[string]any{
			"event": "session_ended", "adminUserId": p.UserID, "adminName": p.FullName(),
			"targetUserId": target.ID, "targetName": target.FullName(), "targetEmail": target.Email,
		})
	})
	return err == nil && sessionID == p.SessionID, err
}
