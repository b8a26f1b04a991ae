package mail_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// refusedTo is the recipient whose mail the recorder refuses, failing its Enqueue.
const refusedTo = "refused@example.com"

var errRefused = errors.New("history refused")

// recorded is one queued mail as the recorder saw it, with the transaction it was queued in.
type recorded struct {
	txID string
	q    mail.Queued
}

// recorder is the RecordWith recorder of one test. Both engines' subtests share it, so each
// takes what it recorded (take) before and after its writes.
type recorder struct {
	mu    sync.Mutex
	calls []recorded
}

// record installs a recorder for the rest of the test.
func record(t *testing.T) *recorder {
	r := &recorder{}
	mail.RecordWith(func(_ context.Context, tx *database.Tx, queued []mail.Queued) error {
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, q := range queued {
			if q.To == refusedTo {
				return errRefused
			}
			r.calls = append(r.calls, recorded{tx.ID, q})
		}
		return nil
	})
	t.Cleanup(func() { mail.RecordWith(nil) })
	return r
}

// take returns what was recorded since the last take.
func (r *recorder) take() []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	calls := r.calls
	r.calls = nil
	return calls
}

// TestEnqueueCallsTheRecorderInItsTransaction: the recorder set by RecordWith sees each queued
// mail's row id, recipient, subject and kind (no body) inside the queuing transaction, and its
// error fails the Enqueue, so no mail goes out unrecorded. (internal/app's test checks the
// history entry that Hive's recorder writes.)
func TestEnqueueCallsTheRecorderInItsTransaction(t *testing.T) {
	r := record(t)
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		r.take()
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
		got := r.take()
		want := recorded{txID, mail.Queued{ID: row.ID, To: "rec@example.com", Subject: "Reset your password", Type: "password_reset"}}
		if len(got) != 1 || got[0] != want {
			t.Fatalf("recorded %+v, want %+v", got, want)
		}

		err = db.InTx(ctx, func(tx *database.Tx) error {
			return mail.Enqueue(ctx, tx, mail.Message{To: refusedTo, Subject: "Hello", Kind: "test"})
		})
		if !errors.Is(err, errRefused) {
			t.Fatalf("Enqueue with a failing recorder = %v, want %v", err, errRefused)
		}
		if list := outbox(t, db, refusedTo); len(list) != 0 {
			t.Fatalf("a mail whose record failed is queued: %+v", list)
		}
	})
}

// TestEnqueueAllRecordsEachMessageWithItsRow: a batch larger than one INSERT takes is queued
// whole, in one transaction, and each history record names the outbox row of its own message;
// one invalid message queues none of the batch.
func TestEnqueueAllRecordsEachMessageWithItsRow(t *testing.T) {
	r := record(t)
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		r.take()
		const n = 601 // three INSERTs
		batch := make([]mail.Message, n)
		for i := range batch {
			batch[i] = mail.Message{To: fmt.Sprintf("r%03d@example.com", n-i), Subject: fmt.Sprintf("Mail %d", i),
				Text: "body", Kind: "test"}
		}
		if err := db.InTx(ctx, func(tx *database.Tx) error { return mail.EnqueueAll(ctx, tx, batch) }); err != nil {
			t.Fatal(err)
		}
		got := r.take()
		if len(got) != n {
			t.Fatalf("%d records for %d mails", len(got), n)
		}
		for i, call := range got {
			q := call.q
			rows := outbox(t, db, batch[i].To)
			if q.To != batch[i].To || q.Subject != batch[i].Subject || len(rows) != 1 || rows[0].ID != q.ID ||
				rows[0].Subject != q.Subject {
				t.Fatalf("record %d = %+v, its message %+v, stored %+v", i, q, batch[i], rows)
			}
		}

		bad := []mail.Message{{To: "fine@example.com", Subject: "Fine", Kind: "test"}, {To: "not an address", Subject: "Bad", Kind: "test"}}
		err := db.InTx(ctx, func(tx *database.Tx) error { return mail.EnqueueAll(ctx, tx, bad) })
		if !errors.Is(err, mail.ErrInvalid) {
			t.Fatalf("EnqueueAll with an invalid message = %v, want ErrInvalid", err)
		}
		if list := outbox(t, db, "fine@example.com"); len(list) != 0 {
			t.Fatalf("a batch with an invalid message queued %+v", list)
		}
	})
}
