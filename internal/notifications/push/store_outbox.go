package push

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/database"
)

// Statuses of a queued push.
const (
	statusPending = "pending"
	statusSent    = "sent"
	statusFailed  = "failed"
)

// queued is a push as the outbox keeps it until it is sent: what it says, and what its answers
// are about. The answers' tokens are signed when it is sent, so the outbox holds no credential.
type queued struct {
	Title         string   `json:"title"`
	Body          string   `json:"body"`
	Path          string   `json:"path"`
	Types         []string `json:"types"`
	UserID        int64    `json:"userId"`
	InstructionID int64    `json:"instructionId,omitempty"`
	Actions       []string `json:"actions,omitempty"`
}

// Enqueue queues ps, in the notification delivery's transaction tx, for every device of each
// recipient whose switch for the push's types is on (a push folding several types goes to a
// device that wants any of them). It is notifications.Worker's Push.
func Enqueue(ctx context.Context, tx *database.Tx, ps []notifications.Push) error {
	users := make([]int64, 0, len(ps))
	for _, p := range ps {
		users = append(users, p.UserID)
	}
	devices, err := devicesOf(ctx, tx, users)
	if err != nil {
		return err
	}
	type row struct {
		subscription int64
		payload      string
	}
	var rows []row
	for _, p := range ps {
		payload, err := json.Marshal(queued{Title: p.Title, Body: p.Body, Path: p.Path, Types: p.Types, UserID: p.UserID,
			InstructionID: p.InstructionID, Actions: p.Actions})
		if err != nil {
			return err
		}
		for _, d := range devices[p.UserID] {
			if d.wantsAny(p.Types) {
				rows = append(rows, row{d.id, string(payload)})
			}
		}
	}
	if len(rows) == 0 {
		return nil
	}
	now := tx.Now.UTC()
	err = database.InsertMany(ctx, tx, "push_outbox", "subscription_id, payload, status, created_at, next_attempt_at",
		len(rows), func(i int) []any { return []any{rows[i].subscription, rows[i].payload, statusPending, now, now} })
	if err != nil {
		return fmt.Errorf("queue pushes: %w", err)
	}
	return nil
}

// device is one subscription of a recipient, with the types it has switched off.
type device struct {
	id  int64
	off map[string]bool
}

func (d device) wantsAny(types []string) bool {
	for _, t := range types {
		if !d.off[t] {
			return true
		}
	}
	return false
}

// devicesOf reads the subscriptions of users with their switched-off types.
func devicesOf(ctx context.Context, tx *database.Tx, users []int64) (map[int64][]device, error) {
	out := map[int64][]device{}
	if len(users) == 0 {
		return out, nil
	}
	marks, args := database.In(users)
	var subs []struct {
		ID     int64 `db:"id"`
		UserID int64 `db:"user_id"`
	}
	if err := tx.Select(ctx, &subs, `SELECT id, user_id FROM push_subscriptions WHERE user_id IN (`+marks+`) ORDER BY id`,
		args...); err != nil {
		return nil, fmt.Errorf("devices of recipients: %w", err)
	}
	if len(subs) == 0 {
		return out, nil
	}
	var offs []struct {
		ID         int64  `db:"subscription_id"`
		Identifier string `db:"identifier"`
	}
	if err := tx.Select(ctx, &offs, `SELECT t.subscription_id, t.identifier FROM push_subscription_types t
		JOIN push_subscriptions s ON s.id = t.subscription_id
		WHERE s.user_id IN (`+marks+`) AND NOT t.enabled`, args...); err != nil {
		return nil, fmt.Errorf("device switches: %w", err)
	}
	off := map[int64]map[string]bool{}
	for _, o := range offs {
		if off[o.ID] == nil {
			off[o.ID] = map[string]bool{}
		}
		off[o.ID][o.Identifier] = true
	}
	for _, s := range subs {
		out[s.UserID] = append(out[s.UserID], device{id: s.ID, off: off[s.ID]})
	}
	return out, nil
}

// claimed is a queued push a sender has leased, with its subscription: Attempts is the value
// the claim set, and every later update matches on it, so a sender whose lease ran out cannot
// overwrite the next holder's outcome.
type claimed struct {
	ID             int64     `db:"id"`
	SubscriptionID int64     `db:"subscription_id"`
	Payload        string    `db:"payload"`
	Attempts       int       `db:"attempts"`
	CreatedAt      time.Time `db:"created_at"`
	Endpoint       string    `db:"endpoint"`
	P256dh         string    `db:"p256dh"`
	Auth           string    `db:"auth"`
}

// claimDue leases up to limit due pushes, oldest first: attempts go up by one and
// next_attempt_at to now+lease, in one transaction. On PostgreSQL FOR UPDATE SKIP LOCKED makes
// concurrent senders on other nodes pass over rows another is claiming; SQLite's one writer
// keeps claims apart.
func claimDue(ctx context.Context, db *database.DB, limit int, lease time.Duration) ([]claimed, error) {
	var n int
	err := db.Get(ctx, &n, `SELECT COUNT(*) FROM (SELECT 1 FROM push_outbox
		WHERE status = ? AND next_attempt_at <= ? LIMIT 1) due`, statusPending, db.Now().UTC())
	if err != nil || n == 0 {
		return nil, err
	}
	var due []claimed
	err = db.InTx(ctx, func(tx *database.Tx) error {
		due = nil
		query := `SELECT o.id, o.subscription_id, o.payload, o.attempts, o.created_at, s.endpoint, s.p256dh, s.auth
			FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
			WHERE o.status = ? AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id LIMIT ?`
		if tx.Dialect() == database.Postgres {
			query += ` FOR UPDATE OF o SKIP LOCKED`
		}
		now := tx.Now.UTC()
		if err := tx.Select(ctx, &due, query, statusPending, now, limit); err != nil {
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
		_, err := tx.Exec(ctx, `UPDATE push_outbox SET attempts = attempts + 1, next_attempt_at = ?
			WHERE id IN (`+database.Marks(len(due))+`)`, args...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("claim pushes: %w", err)
	}
	return due, nil
}

// outcome is what became of one claimed push.
type outcome struct {
	c       claimed
	err     error     // nil: sent
	retryAt time.Time // zero with err: given up
	gone    bool      // the push service says the subscription no longer exists
}

// record stores the outcomes of one round in one transaction, each only where its lease still
// holds: sent and given-up pushes forget their payload; a gone subscription is deleted with
// its queued pushes. It returns how many were recorded.
func record(ctx context.Context, db *database.DB, outs []outcome) (int, error) {
	held := 0
	err := db.InTx(ctx, func(tx *database.Tx) error {
		held = 0
		now := tx.Now.UTC()
		for _, o := range outs {
			var n int64
			var err error
			switch {
			case o.gone:
				n, err = tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = ?`, o.c.SubscriptionID)
			case o.err == nil:
				n, err = tx.Exec(ctx, `UPDATE push_outbox SET status = ?, sent_at = ?, last_error = '', payload = ''
					WHERE id = ? AND attempts = ? AND status = ?`, statusSent, now, o.c.ID, o.c.Attempts, statusPending)
			default:
				msg := o.err.Error()
				if len(msg) > 2000 {
					msg = msg[:2000]
				}
				if o.retryAt.IsZero() {
					n, err = tx.Exec(ctx, `UPDATE push_outbox SET status = ?, last_error = ?, payload = ''
						WHERE id = ? AND attempts = ? AND status = ?`, statusFailed, msg, o.c.ID, o.c.Attempts, statusPending)
				} else {
					n, err = tx.Exec(ctx, `UPDATE push_outbox SET last_error = ?, next_attempt_at = ?
						WHERE id = ? AND attempts = ? AND status = ?`, msg, o.retryAt.UTC(), o.c.ID, o.c.Attempts, statusPending)
				}
			}
			if err != nil {
				return err
			}
			held += int(n)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("record pushes: %w", err)
	}
	return held, nil
}

// release gives back claimed pushes unattempted, due now.
func release(ctx context.Context, db *database.DB, cs []claimed) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		for _, c := range cs {
			if _, err := tx.Exec(ctx, `UPDATE push_outbox SET attempts = attempts - 1, next_attempt_at = ?
				WHERE id = ? AND attempts = ? AND status = ?`, tx.Now.UTC(), c.ID, c.Attempts, statusPending); err != nil {
				return err
			}
		}
		return nil
	})
}
