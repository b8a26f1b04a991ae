package mail

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// Enqueue validates m and adds it to the outbox inside tx, so the message is sent if and only if
// the caller's change commits, and records it in the history (RecordWith) in the same
// transaction. Call Worker.Wake after the commit to deliver it at once.
func Enqueue(ctx context.Context, tx *database.Tx, m Message) error {
	return EnqueueAll(ctx, tx, []Message{m})
}

// EnqueueAll is Enqueue for many messages, in as few statements as the engines allow: a round of
// notifications queues dozens of mails, and on SQLite every statement is held inside the one
// writer. Nothing is queued unless every message is valid.
func EnqueueAll(ctx context.Context, tx *database.Tx, ms []Message) error {
	for _, m := range ms {
		if err := m.Validate(); err != nil {
			return err
		}
	}
	now := tx.Now.UTC()
	ids, err := database.InsertManyIDs(ctx, tx, "mail_outbox", "to_addr, subject, body_text, body_html, status, created_at, next_attempt_at",
		len(ms), func(i int) []any {
			return []any{ms[i].To, ms[i].Subject, ms[i].Text, ms[i].HTML, StatusPending, now, now}
		})
	if err != nil {
		return fmt.Errorf("enqueue mail: %w", err)
	}
	queued := make([]Queued, len(ms))
	for i, m := range ms {
		queued[i] = Queued{ID: ids[i], To: m.To, Subject: m.Subject, Type: m.Kind}
	}
	return record(ctx, tx, queued)
}

// Outbox lists the messages addressed to to (matched without regard to ASCII case), newest first.
func Outbox(ctx context.Context, db *database.DB, to string) ([]Stored, error) {
	var list []Stored
	err := db.Select(ctx, &list, `SELECT id, to_addr, subject, body_text, body_html, status, attempts, last_error,
			created_at, next_attempt_at, sent_at
		FROM mail_outbox WHERE LOWER(to_addr) = LOWER(?) ORDER BY created_at DESC, id DESC`, to)
	if err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	for i := range list {
		s := &list[i]
		s.CreatedAt, s.NextAttemptAt = s.CreatedAt.UTC(), s.NextAttemptAt.UTC()
		if s.SentAt != nil {
			t := s.SentAt.UTC()
			s.SentAt = &t
		}
	}
	return list, nil
}

// claimed is a message a worker has leased, read with the columns a send needs (id, address,
// subject, bodies, attempts, created_at): Attempts is the value the claim set, and every later
// update matches on it, so a worker whose lease ran out cannot overwrite the next holder's
// outcome.
type claimed = Stored

// claimDue leases up to limit due messages, oldest first, by bumping their attempts and pushing
// next_attempt_at to now+lease, all in one transaction. On PostgreSQL, FOR UPDATE SKIP LOCKED
// makes concurrent workers on other nodes pass over rows another worker is claiming; SQLite has
// a single writer, so the write transaction alone keeps claims apart.
func claimDue(ctx context.Context, db *database.DB, limit int, lease time.Duration) ([]claimed, error) {
	// Look on a reader first, so an idle poll never takes SQLite's one write lock.
	var n int
	err := db.Get(ctx, &n, `SELECT COUNT(*) FROM (SELECT 1 FROM mail_outbox
		WHERE status = ? AND next_attempt_at <= ? LIMIT 1) due`, StatusPending, db.Now().UTC())
	if err != nil || n == 0 {
		return nil, err
	}
	var due []claimed
	err = db.InTx(ctx, func(tx *database.Tx) error {
		due = nil
		query := `SELECT id, to_addr, subject, body_text, body_html, attempts, created_at FROM mail_outbox
			WHERE status = ? AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`
		switch tx.Dialect() {
		case database.Postgres:
			query += ` FOR UPDATE SKIP LOCKED`
		case database.SQLite:
			// The transaction began with BEGIN IMMEDIATE: no other writer runs until it ends.
		}
		now := tx.Now.UTC()
		if err := tx.Select(ctx, &due, query, StatusPending, now, limit); err != nil {
			return err
		}
		if len(due) == 0 {
			return nil
		}
		args := []any{now.Add(lease)}
		for i := range due {
			due[i].Attempts++
			args = append(args, due[i].ID)
		}
		marks := database.Marks(len(due))
		_, err := tx.Exec(ctx, `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?
			WHERE id IN (`+marks+`)`, args...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("claim mail: %w", err)
	}
	return due, nil
}

// markSent records that c was delivered, and forgets its bodies in the same write: mails carry
// live reset, activation and invitation links, and the outbox is no place to keep them once
// they are gone (recipient, subject, status and times stay for the record). It reports false
// when c's lease was taken over.
func markSent(ctx context.Context, db *database.DB, c claimed) (bool, error) {
	return update(ctx, db, c, func(tx *database.Tx) (string, []any) {
		return `status = ?, sent_at = ?, last_error = '', body_text = '', body_html = ''`, []any{StatusSent, tx.Now.UTC()}
	})
}

// markFailed records a failed attempt at c: the message is retried at retryAt, or, when retryAt
// is zero, given up as failed.
func markFailed(ctx context.Context, db *database.DB, c claimed, sendErr error, retryAt func(now time.Time) time.Time) (bool, error) {
	msg := sendErr.Error()
	if len(msg) > 2000 {
		msg = msg[:2000]
	}
	return update(ctx, db, c, func(tx *database.Tx) (string, []any) {
		if next := retryAt(tx.Now.UTC()); !next.IsZero() {
			return `last_error = ?, next_attempt_at = ?`, []any{msg, next.UTC()}
		}
		return `status = ?, last_error = ?, body_text = '', body_html = ''`, []any{StatusFailed, msg} // given up: as markSent
	})
}

// release gives c back unattempted, due now, for when its lease is too short to try it.
func release(ctx context.Context, db *database.DB, c claimed) (bool, error) {
	return update(ctx, db, c, func(tx *database.Tx) (string, []any) {
		return `attempts = attempts - 1, next_attempt_at = ?`, []any{tx.Now.UTC()}
	})
}

// update applies the SET clause that set builds to c's row if c still holds the lease.
func update(ctx context.Context, db *database.DB, c claimed, set func(tx *database.Tx) (string, []any)) (bool, error) {
	var n int64
	err := db.InTx(ctx, func(tx *database.Tx) error {
		clause, args := set(tx)
		var err error
		n, err = tx.Exec(ctx, `UPDATE mail_outbox SET `+clause+` WHERE id = ? AND attempts = ? AND status = ?`,
			append(args, c.ID, c.Attempts, StatusPending)...)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("update mail %d: %w", c.ID, err)
	}
	return n == 1, nil
}
