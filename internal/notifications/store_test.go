package notifications_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// The kept counts of migration 00048 follow every write to notifications: a multi-row insert
// for several users, an insert that meets a notification already there, a read receipt (and a
// second one), a change of another column, a deletion, a recipient's deletion. Stats and the
// list's totals read them.
func TestTheKeptNotificationCountsFollowEveryWrite(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
		user := func(name string) int64 {
			email := name + "@kept.test"
			return databasetest.InsertID(t, db, `INSERT INTO users (email, email_lc, first_name, last_name,
				created_at, updated_at) VALUES (?, ?, ?, 'Kept', ?, ?) RETURNING id`, email, email, name, now, now)
		}
		ann, bob := user("ann"), user("bob")
		s := &notifications.Store{DB: db}
		check := func(after string) {
			t.Helper()
			for _, u := range []int64{ann, bob} {
				total := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM notifications WHERE user_id = ?`, u)
				unread := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM notifications WHERE user_id = ?
					AND read_receipt IS NULL`, u)
				st, err := s.Stats(ctx, u)
				if err != nil || st.Total != total || st.Unread != unread {
					t.Errorf("after %s, user %d: kept %+v (%v), counted %d of which %d unread", after, u, st, err, total, unread)
				}
				all, err := s.List(ctx, notifications.ListQuery{UserID: u, Limit: 1})
				if err != nil || all.Total != total {
					t.Errorf("after %s, user %d: list total %d (%v), counted %d", after, u, all.Total, err, total)
				}
				fresh, err := s.List(ctx, notifications.ListQuery{UserID: u, UnreadOnly: true, Limit: 1})
				if err != nil || fresh.Total != unread {
					t.Errorf("after %s, user %d: unread list total %d (%v), counted %d", after, u, fresh.Total, err, unread)
				}
			}
		}
		check("nothing told")

		insert := func(event int64, users ...int64) {
			for _, u := range users {
				databasetest.Exec(t, db, `INSERT INTO notifications (user_id, type, subject, body_text, event_id, created_at)
					VALUES (?, 'client.accepted', ?, 'body', ?, ?) ON CONFLICT DO NOTHING`, u, fmt.Sprint("event ", event), event, now)
			}
		}
		databasetest.Exec(t, db, `INSERT INTO notifications (user_id, type, subject, body_text, event_id, created_at,
			read_receipt) VALUES (?, 't', 's', 'b', 1, ?, NULL), (?, 't', 's', 'b', 1, ?, NULL), (?, 't', 's', 'b', 2, ?, ?)`,
			ann, now, bob, now, ann, now, now)
		check("one insert of three rows, one of them read")
		insert(3, ann, bob, ann)
		check("an insert that met a row already there")

		first := databasetest.Get[int64](t, db, `SELECT MIN(id) FROM notifications WHERE user_id = ? AND read_receipt IS NULL`, ann)
		if _, err := s.MarkRead(ctx, first, ann, now); err != nil {
			t.Fatal(err)
		}
		check("a read receipt")
		if _, err := s.MarkRead(ctx, first, ann, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		databasetest.Exec(t, db, `UPDATE notifications SET mailed = ? WHERE user_id = ?`, true, bob)
		check("a second receipt and a change of another column")
		databasetest.Exec(t, db, `UPDATE notifications SET read_receipt = NULL WHERE id = ?`, first)
		check("a receipt taken back")

		databasetest.Exec(t, db, `DELETE FROM notifications WHERE user_id = ? AND event_id IN (1, 2)`, ann)
		check("a deletion of one read and one unread")
		databasetest.Exec(t, db, `DELETE FROM users WHERE id = ?`, bob)
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM notification_counts WHERE user_id = ?`, bob); n != 0 {
			t.Errorf("a deleted user keeps %d rows of counts", n)
		}
		check("a recipient's deletion")
	})
}
