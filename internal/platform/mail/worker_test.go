package mail_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestDeliverDue(t *testing.T) {
	clockedEngines(t, func(t *testing.T, db *database.DB, clk *clock.Settable) {
		ctx := context.Background()
		sender := &fakeSender{}
		w := &mail.Worker{DB: db, Sender: sender, Logger: quiet}
		want := mail.Message{Kind: "test", To: "ada@example.com", Subject: "Reset your password", Text: "Open http://x.test/reset?token=abc"}
		enqueue(t, db, want, mail.Message{Kind: "test", To: "bob@example.com", Subject: "Welcome", Text: "Hi Bob"})

		sent, err := w.DeliverDue(ctx)
		if err != nil || sent != 2 {
			t.Fatalf("DeliverDue = %d, %v; want 2, nil", sent, err)
		}
		got := outbox(t, db, "ada@example.com")[0]
		sentMsgs := sender.Sent()
		// What is sent is what was queued (the outbox keeps no kind: the history has it), with a
		// Message-ID made from the row.
		want.Kind, want.MessageID = "", mail.MessageIDFor(got.ID, got.CreatedAt.Unix(), "")
		if len(sentMsgs) != 2 || sentMsgs[0] != want || sentMsgs[1].To != "bob@example.com" {
			t.Fatalf("sent %+v, want %+v first", sentMsgs, want)
		}
		if got.Status != mail.StatusSent || got.Attempts != 1 || got.SentAt == nil || !got.SentAt.Equal(clk.Now()) {
			t.Fatalf("stored = %+v", got)
		}

		sent, err = w.DeliverDue(ctx)
		if err != nil || sent != 0 || len(sender.Sent()) != 2 {
			t.Fatalf("second DeliverDue = %d, %v after %d sends; want nothing more", sent, err, len(sender.Sent()))
		}
	})
}

func TestDeliverDueRetriesWithBackoffThenFails(t *testing.T) {
	clockedEngines(t, func(t *testing.T, db *database.DB, clk *clock.Settable) {
		ctx := context.Background()
		calls := 0
		sender := &fakeSender{fail: func(mail.Message) error {
			calls++
			return fmt.Errorf("450 mailbox busy (call %d)", calls)
		}}
		w := &mail.Worker{DB: db, Sender: sender, Logger: quiet, MaxAttempts: 3}
		enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: "Hello"})

		deliver := func() mail.Stored {
			t.Helper()
			if sent, err := w.DeliverDue(ctx); err != nil || sent != 0 {
				t.Fatalf("DeliverDue = %d, %v; want 0, nil", sent, err)
			}
			return outbox(t, db, "ada@example.com")[0]
		}
		// After attempt n the next one is 2^n × 10s later; the third is the last.
		for n, wait := range []time.Duration{20 * time.Second, 40 * time.Second} {
			attempt := n + 1
			got := deliver()
			if got.Status != mail.StatusPending || got.Attempts != attempt ||
				got.LastError != fmt.Sprintf("450 mailbox busy (call %d)", attempt) || !got.NextAttemptAt.Equal(clk.Now().Add(wait)) {
				t.Fatalf("after attempt %d: %+v, want next attempt at %v", attempt, got, clk.Now().Add(wait))
			}
			clk.Advance(wait - time.Second)
			if deliver(); calls != attempt {
				t.Fatalf("retried %s early", time.Second)
			}
			clk.Advance(time.Second)
		}
		got := deliver()
		if got.Status != mail.StatusFailed || got.Attempts != 3 || got.LastError != "450 mailbox busy (call 3)" {
			t.Fatalf("after the last attempt: %+v", got)
		}
		clk.Advance(24 * time.Hour)
		if deliver(); calls != 3 {
			t.Fatalf("a failed message was tried again")
		}
	})
}

func TestConcurrentWorkersSendEachMessageOnce(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		const n = 30
		var msgs []mail.Message
		for i := range n {
			msgs = append(msgs, mail.Message{Kind: "test", To: fmt.Sprintf("user%d@example.com", i), Subject: fmt.Sprint(i)})
		}
		enqueue(t, db, msgs...)
		sender := &fakeSender{fail: func(mail.Message) error {
			time.Sleep(time.Millisecond) // let the workers interleave
			return nil
		}}
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for range 2 {
			wg.Go(func() {
				w := &mail.Worker{DB: db, Sender: sender, Logger: quiet}
				sent, err := w.DeliverDue(context.Background())
				if err != nil {
					t.Errorf("DeliverDue: %v", err)
				}
				mu.Lock()
				total += sent
				mu.Unlock()
			})
		}
		wg.Wait()
		count := map[string]int{}
		for _, m := range sender.Sent() {
			count[m.Subject]++
		}
		for i := range n {
			if c := count[fmt.Sprint(i)]; c != 1 {
				t.Errorf("message %d sent %d times", i, c)
			}
		}
		if total != n {
			t.Errorf("workers report %d sends, want %d", total, n)
		}
	})
}

func TestExpiredLeaseIsTakenOver(t *testing.T) {
	clockedEngines(t, func(t *testing.T, db *database.DB, clk *clock.Settable) {
		ctx := context.Background()
		enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: "Hello"})
		second := &mail.Worker{DB: db, Sender: &fakeSender{}, Logger: quiet}
		// The first worker stalls past its lease; meanwhile the second delivers the message.
		stalled := &fakeSender{fail: func(mail.Message) error {
			clk.Advance(2 * time.Minute)
			if sent, err := second.DeliverDue(ctx); err != nil || sent != 1 {
				t.Errorf("second worker: %d, %v; want 1, nil", sent, err)
			}
			return errors.New("timeout")
		}}
		first := &mail.Worker{DB: db, Sender: stalled, Logger: quiet}
		if _, err := first.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
		got := outbox(t, db, "ada@example.com")[0]
		if got.Status != mail.StatusSent || got.Attempts != 2 || got.LastError != "" {
			t.Fatalf("the stale worker's failure overwrote the delivery: %+v", got)
		}
	})
}

func TestRunDeliversOnWake(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		sender := &fakeSender{}
		w := &mail.Worker{DB: db, Sender: sender, Logger: quiet, Interval: time.Hour}
		enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: "first"})
		done := make(chan struct{})
		go func() {
			defer close(done)
			w.Run(ctx)
		}()
		defer func() {
			cancel()
			<-done
		}()
		waitSent(t, sender, 1) // Run delivers once as it starts
		// The next poll is an hour away: only Wake can deliver this one in time.
		enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: "second"})
		w.Wake()
		w.Wake() // never blocks
		waitSent(t, sender, 2)
	})
}

func waitSent(t *testing.T, s *fakeSender, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(s.Sent()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d messages sent, want %d", len(s.Sent()), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestAttack_OutboxKeepsNoLinkAfterSending: once a message is sent, or given up, the outbox row
// keeps recipient, subject, status and times but not the text with its live link, so a
// database dump or backup yields no working reset, activation or invitation token.
func TestAttack_OutboxKeepsNoLinkAfterSending(t *testing.T) {
	clockedEngines(t, func(t *testing.T, db *database.DB, _ *clock.Settable) {
		ctx := context.Background()
		link := "Open http://x.test/reset-password?token=live-token-"
		enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: "Reset your password", Text: link + "ada",
			HTML: "<a href=\"" + link + "ada\">Reset</a>"},
			mail.Message{Kind: "test", To: "bob@example.com", Subject: "Activate", Text: link + "bob", HTML: "<p>" + link + "bob</p>"})
		ok := &mail.Worker{DB: db, Logger: quiet, Sender: &fakeSender{fail: func(m mail.Message) error {
			if m.To == "bob@example.com" {
				return errors.New("550 no such mailbox")
			}
			return nil
		}}, MaxAttempts: 1}
		if _, err := ok.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
		var rows []struct {
			Status string `db:"status"`
			Body   string `db:"body_text"`
			HTML   string `db:"body_html"`
			To     string `db:"to_addr"`
		}
		if err := db.Select(ctx, &rows, `SELECT status, body_text, body_html, to_addr FROM mail_outbox ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || rows[0].Status != mail.StatusSent || rows[1].Status != mail.StatusFailed {
			t.Fatalf("rows %+v", rows)
		}
		for _, r := range rows {
			if strings.Contains(r.Body, "live-token") || strings.Contains(r.HTML, "live-token") || r.To == "" {
				t.Errorf("%s mail to %s keeps %q, %q", r.Status, r.To, r.Body, r.HTML)
			}
		}
	})
}
