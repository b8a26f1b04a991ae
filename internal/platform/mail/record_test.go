package mail_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// TestEnqueueCallsTheRecorderInItsTransaction: the recorder set by RecordWith sees each queued
// mail's row id, recipient, subject and kind (no body) inside the queuing transaction, and its
// error fails the Enqueue, so no mail goes out unrecorded. (internal/app's test checks the
// history entry that Hive's recorder writes.)
func TestEnqueueCallsTheRecorderInItsTransaction(t *testing.T) {
	type call struct {
		txID string
		id   int64
		q    mail.Queued
	}
	var mu sync.Mutex
	var calls []call
	refuse := errors.New("history refused")
	mail.RecordWith(func(_ context.Context, tx *database.Tx, id int64, q mail.Queued) error {
		if q.To == "refused@example.com" {
			return refuse
		}
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, call{tx.ID, id, q})
		return nil
	})
	t.Cleanup(func() { mail.RecordWith(nil) })

	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		mu.Lock()
		calls = nil
		mu.Unlock()
		var txID string
		err := db.InTx(ctx, func(tx *database.Tx) error {
			txID = tx.ID
			return mail.Enqueue(ctx, tx, mail.Message{To: "rec@example.com", Subject: "Reset your password",
				Text: "token=secret", HTML: "<p>token=secret</p>", Kind: "password_reset"})
		})
		if err != nil {
			t.Fatal(err)
		}
		row := outbox(t, db, "rec@example.com")[0]
		mu.Lock()
		got := calls
		mu.Unlock()
		want := call{txID, row.ID, mail.Queued{To: "rec@example.com", Subject: "Reset your password", Type: "password_reset"}}
		if len(got) != 1 || got[0] != want {
			t.Fatalf("recorded %+v, want %+v", got, want)
		}

		err = db.InTx(ctx, func(tx *database.Tx) error {
			return mail.Enqueue(ctx, tx, mail.Message{To: "refused@example.com", Subject: "Hello", Kind: "test"})
		})
		if !errors.Is(err, refuse) {
			t.Fatalf("Enqueue with a failing recorder = %v, want %v", err, refuse)
		}
		if list := outbox(t, db, "refused@example.com"); len(list) != 0 {
			t.Fatalf("a mail whose record failed is queued: %+v", list)
		}
	})
}
