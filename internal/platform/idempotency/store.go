package idempotency

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// store keeps the keys in the table idempotency_keys (migration 00054).
type store struct{ db *database.DB }

// request names one keyed request: whose key, which key, and what it was first sent with.
type request struct {
	userID     int64
	key        string
	methodPath string
	bodyHash   string
}

// row is a key's row as read back.
type row struct {
	MethodPath  string         `db:"method_path"`
	BodyHash    string         `db:"body_hash"`
	Owner       string         `db:"owner"`
	LockedUntil time.Time      `db:"locked_until"`
	AppliedAt   sql.NullTime   `db:"applied_at"`
	Status      sql.NullInt64  `db:"status"`
	Headers     sql.NullString `db:"headers"`
	Answer      []byte         `db:"answer"`
}

// answer is a stored first answer.
type answer struct {
	status  int
	headers http.Header
	body    []byte
}

// claim inserts the key's row for owner, running until lease has passed; false when the user
// already has a row for the key.
func (s *store) claim(ctx context.Context, r request, owner string, lease time.Duration) (bool, error) {
	var n int64
	err := s.db.InTx(ctx, func(tx *database.Tx) error {
		var err error
		n, err = tx.Exec(ctx, `INSERT INTO idempotency_keys
			(user_id, request_key, method_path, body_hash, owner, locked_until, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, request_key) DO NOTHING`,
			r.userID, r.key, r.methodPath, r.bodyHash, owner, tx.Now.Add(lease), tx.Now)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("claim idempotency key: %w", err)
	}
	return n == 1, nil
}

// read returns the key's row; found is false when there is none (never claimed, released or
// expired).
func (s *store) read(ctx context.Context, r request) (row, bool, error) {
	var out row
	found, err := database.Found(s.db.Get(ctx, &out, `SELECT method_path, body_hash, owner, locked_until,
		applied_at, status, headers, answer FROM idempotency_keys WHERE user_id = ? AND request_key = ?`,
		r.userID, r.key))
	if err != nil {
		return row{}, false, fmt.Errorf("read idempotency key: %w", err)
	}
	return out, found, nil
}

// takeOver claims, for owner, a row whose owner stopped (its lease ran out) before its request
// changed anything; false when another took it or the request's change was made meanwhile.
func (s *store) takeOver(ctx context.Context, r request, from, owner string, lease time.Duration) (bool, error) {
	var n int64
	err := s.db.InTx(ctx, func(tx *database.Tx) error {
		var err error
		n, err = tx.Exec(ctx, `UPDATE idempotency_keys SET owner = ?, locked_until = ?
			WHERE user_id = ? AND request_key = ? AND owner = ? AND status IS NULL AND applied_at IS NULL
			AND locked_until < ?`, owner, tx.Now.Add(lease), r.userID, r.key, from, tx.Now)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("take over idempotency key: %w", err)
	}
	return n == 1, nil
}

// markApplied records, in tx (the request's own write), that owner's request changed something;
// false when owner no longer holds the key (its lease ran out and a repeat took it over), and
// then the write must not commit.
func markApplied(ctx context.Context, tx *database.Tx, r request, owner string) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE idempotency_keys SET applied_at = ?
		WHERE user_id = ? AND request_key = ? AND owner = ?`, tx.Now, r.userID, r.key, owner)
	return n == 1, err
}

// keep stores owner's answer as the key's first answer.
func (s *store) keep(ctx context.Context, r request, owner string, a answer) error {
	headers, err := json.Marshal(a.headers)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE idempotency_keys SET status = ?, headers = ?, answer = ?
			WHERE user_id = ? AND request_key = ? AND owner = ?`,
			a.status, string(headers), a.body, r.userID, r.key, owner)
		return err
	})
}

// release deletes owner's row, so the key may be sent again and run anew; unless the request
// changed something (applied), then released is false.
func (s *store) release(ctx context.Context, r request, owner string, evenApplied bool) (released bool, err error) {
	query := `DELETE FROM idempotency_keys WHERE user_id = ? AND request_key = ? AND owner = ?`
	if !evenApplied {
		query += ` AND applied_at IS NULL`
	}
	var n int64
	err = s.db.InTx(ctx, func(tx *database.Tx) error {
		n, err = tx.Exec(ctx, query, r.userID, r.key, owner)
		return err
	})
	return n == 1, err
}

// PurgeExpired deletes the keys older than Keep.
func PurgeExpired(ctx context.Context, db *database.DB) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < ?`, tx.Now.Add(-Keep))
		return err
	})
}

// answerOf is a stored row's answer.
func answerOf(r row) (answer, error) {
	a := answer{status: int(r.Status.Int64), body: r.Answer}
	if r.Headers.Valid {
		if err := json.Unmarshal([]byte(r.Headers.String), &a.headers); err != nil {
			return answer{}, fmt.Errorf("stored idempotent answer's headers: %w", err)
		}
	}
	return a, nil
}
