package mail_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
)

func TestEnqueueAndOutbox(t *testing.T) {
	clockedEngines(t, func(t *testing.T, db *database.DB, clk *clock.Settable) {
		ctx := context.Background()
		enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: "First", Text: "one"})
		clk.Advance(time.Second)
		enqueue(t, db,
			mail.Message{Kind: "test", To: "Ada@Example.com", Subject: "Second", Text: "two\nlines"},
			mail.Message{Kind: "test", To: "bob@example.com", Subject: "Other", Text: "not Ada's"})

		t.Run("newest first, address matched without case", func(t *testing.T) {
			list := outbox(t, db, "ada@example.com")
			if len(list) != 2 {
				t.Fatalf("got %d messages, want 2: %+v", len(list), list)
			}
			got, first := list[0], list[1]
			if got.Subject != "Second" || got.Text != "two\nlines" || got.To != "Ada@Example.com" ||
				got.Status != mail.StatusPending || got.Attempts != 0 || got.SentAt != nil || got.ID == 0 {
				t.Errorf("newest = %+v", got)
			}
			if !got.CreatedAt.Equal(clk.Now()) || !got.NextAttemptAt.Equal(clk.Now()) {
				t.Errorf("times = %v, %v, want %v", got.CreatedAt, got.NextAttemptAt, clk.Now())
			}
			if first.Subject != "First" || !first.CreatedAt.Equal(clk.Now().Add(-time.Second)) {
				t.Errorf("oldest = %+v", first)
			}
		})

		t.Run("unknown address is empty", func(t *testing.T) {
			if list := outbox(t, db, "nobody@example.com"); len(list) != 0 {
				t.Fatalf("got %+v", list)
			}
		})

		t.Run("a rolled-back transaction leaves no mail", func(t *testing.T) {
			boom := errors.New("boom")
			err := db.InTx(ctx, func(tx *database.Tx) error {
				if err := mail.Enqueue(ctx, tx, mail.Message{Kind: "test", To: "carl@example.com", Subject: "Reset"}); err != nil {
					return err
				}
				return boom
			})
			if !errors.Is(err, boom) {
				t.Fatalf("InTx = %v", err)
			}
			if list := outbox(t, db, "carl@example.com"); len(list) != 0 {
				t.Fatalf("rolled-back mail is stored: %+v", list)
			}
		})

		t.Run("an invalid message is refused", func(t *testing.T) {
			err := db.InTx(ctx, func(tx *database.Tx) error {
				return mail.Enqueue(ctx, tx, mail.Message{Kind: "test", To: "dan@example.com", Subject: ""})
			})
			if !errors.Is(err, mail.ErrInvalid) {
				t.Fatalf("Enqueue = %v, want ErrInvalid", err)
			}
			if list := outbox(t, db, "dan@example.com"); len(list) != 0 {
				t.Fatalf("invalid mail is stored: %+v", list)
			}
		})
	})
}
