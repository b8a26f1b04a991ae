package notifications

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes the notifications and notification_preferences tables.
type Store struct {
	DB *database.DB
}

// ListQuery selects a page of one user's notifications.
type ListQuery struct {
	UserID     int64
	UnreadOnly bool
	Limit      int
	Offset     int
}

// notificationColumns are row's columns, of notifications n joined with users u (for the
// recipient's name and address).
const notificationColumns = `n.id, n.user_id, n.type, n.subject, n.body_text, n.link, n.created_at, n.read_receipt,
	u.email, u.first_name, u.last_name`

// List returns one page of a user's notifications, newest first, and how many the filter holds.
func (s *Store) List(ctx context.Context, q ListQuery) (NotificationList, error) {
	var w database.Where
	w.Add(`n.user_id = ?`, q.UserID)
	if q.UnreadOnly {
		w.Add(`n.read_receipt IS NULL`)
	}
	out := NotificationList{Items: []Notification{}}
	counts, err := s.Stats(ctx, q.UserID)
	if err != nil {
		return out, err
	}
	out.Total = counts.Total
	if q.UnreadOnly {
		out.Total = counts.Unread
	}
	if out.Total == 0 {
		return out, nil
	}
	limit, args := database.LimitOffset(q.Limit, q.Offset)
	var rows []row
	err = s.DB.Select(ctx, &rows, `SELECT `+notificationColumns+` FROM notifications n JOIN users u ON u.id = n.user_id`+
		w.SQL()+` ORDER BY n.created_at DESC, n.id DESC`+limit, append(w.Args(), args...)...)
	if err != nil {
		return out, fmt.Errorf("list notifications: %w", err)
	}
	for _, r := range rows {
		out.Items = append(out.Items, r.view())
	}
	return out, nil
}

// Stats reads a user's unread and all notifications from their kept counts
// (notification_counts, which triggers keep in every transaction that writes notifications). A
// department manager is told of every change in their departments, so counting the rows on
// every page's poll grew with each day Hive runs (5 ms at 4,850 notifications on PostgreSQL).
func (s *Store) Stats(ctx context.Context, user int64) (NotificationStats, error) {
	var kept []struct {
		Total  int `db:"total"`
		Unread int `db:"unread"`
	}
	err := s.DB.Select(ctx, &kept, `SELECT total, unread FROM notification_counts WHERE user_id = ?`, user)
	if err != nil {
		return NotificationStats{}, fmt.Errorf("notification stats: %w", err)
	}
	if len(kept) == 0 { // told nothing yet
		return NotificationStats{}, nil
	}
	return NotificationStats{Total: kept[0].Total, Unread: kept[0].Unread}, nil
}

// Get reads one notification with its recipient's id; 404 when there is none.
func (s *Store) Get(ctx context.Context, id int64) (row, error) {
	var r row
	err := s.DB.Get(ctx, &r, `SELECT `+notificationColumns+` FROM notifications n JOIN users u ON u.id = n.user_id
		WHERE n.id = ?`, id)
	return r, database.NotFound(err, "Notification")
}

// MarkRead sets the read receipt of notification id, the recipient's, to at; an already read
// notification keeps its first receipt. It returns the notification as it now is.
func (s *Store) MarkRead(ctx context.Context, id, user int64, at time.Time) (row, error) {
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE notifications SET read_receipt = ? WHERE id = ? AND user_id = ?
			AND read_receipt IS NULL`, at.UTC(), id, user)
		return err
	})
	if err != nil {
		return row{}, fmt.Errorf("mark notification read: %w", err)
	}
	return s.Get(ctx, id)
}

// Choices returns user's stored preferences: identifier → enabled. A type not in the map is on.
func (s *Store) Choices(ctx context.Context, user int64) (map[string]bool, error) {
	return choicesOf(ctx, s.DB, user)
}

func choicesOf(ctx context.Context, q database.Reader, user int64) (map[string]bool, error) {
	var rows []struct {
		Identifier string `db:"identifier"`
		Enabled    bool   `db:"enabled"`
	}
	if err := q.Select(ctx, &rows, `SELECT identifier, enabled FROM notification_preferences WHERE user_id = ?`, user); err != nil {
		return nil, fmt.Errorf("notification preferences: %w", err)
	}
	out := make(map[string]bool, len(rows))
	for _, r := range rows {
		out[r.Identifier] = r.Enabled
	}
	return out, nil
}

// SetChoices stores user's choices (identifier → enabled) in one transaction.
func (s *Store) SetChoices(ctx context.Context, user int64, choices map[string]bool) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error { return setChoices(ctx, tx, user, choices) })
}

func setChoices(ctx context.Context, tx *database.Tx, user int64, choices map[string]bool) error {
	for id, on := range choices {
		// A user deleted since their unsubscribe link was mailed has nothing left to turn off.
		if _, err := tx.Exec(ctx, `INSERT INTO notification_preferences (user_id, identifier, enabled, updated_at)
			SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?)
			ON CONFLICT (user_id, identifier) DO UPDATE SET enabled = excluded.enabled,
			updated_at = excluded.updated_at`, user, id, on, tx.Now, user); err != nil {
			return fmt.Errorf("set notification preference: %w", err)
		}
	}
	return nil
}
