package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/audit/audittest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// TestEveryQueuedMailIsInTheHistory: the recorder internal/app hands the mail package writes,
// for each queued mail, one history entry of source mail, action INSERT, the outbox row's id
// and {to, subject, type} only, by whoever caused it, in the queuing transaction: it rolls back
// with it. An administrator reads it by its id (/history/{id}); a user's history
// (/history/user/{id}) does not list mails.
func TestEveryQueuedMailIsInTheHistory(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		ctx := context.Background()

		check := func(t *testing.T, e audittest.Entry, to, subject, kind string, by *int64) {
			t.Helper()
			out, err := mail.Outbox(ctx, db, to)
			if err != nil || len(out) == 0 {
				t.Fatalf("outbox of %s: %v %v", to, out, err)
			}
			var row map[string]any
			if err := json.Unmarshal([]byte(e.Row), &row); err != nil {
				t.Fatal(err)
			}
			want := map[string]any{"to": to, "subject": subject, "type": kind}
			if fmt.Sprint(row) != fmt.Sprint(want) {
				t.Errorf("row %s, want exactly %v (no body)", e.Row, want)
			}
			if e.Action != string(audit.Insert) || e.Record != out[0].ID {
				t.Errorf("entry %+v, want INSERT of outbox row %d", e, out[0].ID)
			}
			if (by == nil) != (e.UserID == nil) || by != nil && *by != *e.UserID {
				t.Errorf("entry by %v, want %v", e.UserID, by)
			}
		}

		t.Run("a reset asked for by a visitor", func(t *testing.T) {
			before := audittest.Last(t, db)
			s.Client().Do("POST", "/account/request-password-reset", map[string]string{"email": "staff@hive.test"}).Want(202)
			got := audittest.After(t, db, before, audit.SourceMail)
			if len(got) != 1 {
				t.Fatalf("%d mail entries, want 1: %+v", len(got), got)
			}
			check(t, got[0], "staff@hive.test", "Reset your Hive password", "password_reset", nil)
			var e audit.HistoryEntry
			s.As(apptest.Admin).Do("GET", fmt.Sprintf("/history/%d", got[0].ID), nil).Want(200).Decode(&e)
			if e.HiveSource != "mail" || e.Version != 1 || e.HiveUserID != nil || e.Row["type"] != "password_reset" || len(e.Row) != 3 {
				t.Errorf("the entry as an administrator reads it: %+v", e)
			}
		})

		t.Run("a change of address, with the user's own change", func(t *testing.T) {
			c := s.As(apptest.Manager)
			var me struct{ ID int64 }
			c.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
			before := audittest.Last(t, db)
			c.Do("POST", "/account/change-email", map[string]string{"newEmail": "morgan.new@example.com",
				"currentPassword": accounts.DemoPassword}).Want(202)
			got := audittest.After(t, db, before, audit.SourceMail)
			if len(got) != 2 {
				t.Fatalf("%d mail entries, want 2 (the notice and the confirmation): %+v", len(got), got)
			}
			check(t, got[0], "manager@hive.test", "A change of your Hive email address was requested", "email_change", &me.ID)
			check(t, got[1], "morgan.new@example.com", "Confirm your new Hive email address", "email_change", &me.ID)
			txs := databasetest.Get[int](t, db, `SELECT COUNT(DISTINCT hive_tx_id) FROM audit_log WHERE id > ?`, before)
			if txs != 1 || got[0].TxID != got[1].TxID {
				t.Errorf("the request wrote entries in %d transactions, want 1", txs)
			}

			var page audit.HistoryPage
			s.As(apptest.Admin).Do("GET", fmt.Sprintf("/history/user/%d", me.ID), nil).Want(200).Decode(&page)
			for _, e := range page.Items {
				if e.HiveSource == string(audit.SourceMail) {
					t.Errorf("a user's history lists a mail: %+v", e)
				}
			}
		})

		t.Run("a rolled-back transaction leaves neither mail nor entry", func(t *testing.T) {
			before := audittest.Last(t, db)
			boom := errors.New("boom")
			err := db.InTx(ctx, func(tx *database.Tx) error {
				if err := mail.Enqueue(ctx, tx, mail.Message{To: "gone@example.com", Subject: "Hello", Text: "x",
					Kind: "activation"}); err != nil {
					return err
				}
				return boom
			})
			if !errors.Is(err, boom) {
				t.Fatalf("InTx = %v", err)
			}
			if got := audittest.After(t, db, before, audit.SourceMail); len(got) != 0 {
				t.Errorf("entries after a rollback: %+v", got)
			}
			if out, _ := mail.Outbox(ctx, db, "gone@example.com"); len(out) != 0 {
				t.Errorf("mail after a rollback: %+v", out)
			}
		})
	})
}
