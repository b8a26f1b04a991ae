package mail_test

import (
	"context"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/mail/mailtest"
)

// flakyRelay stands between Hive and a real SMTP server: while down it accepts each connection
// and drops it at once, as a relay that is restarting or cut off does; while up it passes the
// bytes through.
type flakyRelay struct {
	down atomic.Bool
	ln   net.Listener
	wg   sync.WaitGroup
}

func startFlakyRelay(t *testing.T, target string) *flakyRelay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &flakyRelay{ln: ln}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			if r.down.Load() {
				c.Close()
				continue
			}
			r.wg.Add(1)
			go func() {
				defer r.wg.Done()
				defer c.Close()
				s, err := net.Dial("tcp", target)
				if err != nil {
					return
				}
				defer s.Close()
				go func() { _, _ = io.Copy(s, c); s.Close() }()
				_, _ = io.Copy(c, s)
			}()
		}
	}()
	t.Cleanup(func() { ln.Close(); r.wg.Wait() })
	return r
}

// TestSMTPDownForTenMinutesDeliversEveryMailOnceAfter keeps the mail server out of reach for ten
// minutes of Hive's clock while mails are queued at its start, middle and end, with the worker
// polling every ten seconds; once the server is back every mail arrives, exactly once. The
// back-off (10 s × 2^attempts: 20 s, 40 s, ... 1280 s between the eight attempts, about 42
// minutes in all) spans the outage with attempts to spare.
func TestSMTPDownForTenMinutesDeliversEveryMailOnceAfter(t *testing.T) {
	clockedEngines(t, func(t *testing.T, db *database.DB, clk *clock.Settable) {
		ctx := context.Background()
		start := clk.Now()
		smtpURL, inbox := mailtest.StartSMTPServer(t)
		relay := startFlakyRelay(t, smtpURL[len("smtp://"):])
		relay.down.Store(true)
		sender, err := mail.NewSMTPSender("smtp://"+relay.ln.Addr().String(), "Hive <no-reply@hive.test>")
		if err != nil {
			t.Fatal(err)
		}
		w := &mail.Worker{DB: db, Sender: sender, Logger: quiet}
		queuedAt := map[string]time.Duration{"at the start": 0, "after four minutes": 4 * time.Minute, "just before the end": 9*time.Minute + 50*time.Second}
		const outage, step = 10 * time.Minute, 10 * time.Second
		deliveredAt := map[string]time.Duration{}
		for elapsed := time.Duration(0); elapsed <= time.Hour; elapsed += step {
			clk.Set(start.Add(elapsed))
			relay.down.Store(elapsed < outage)
			for subject, at := range queuedAt {
				if at == elapsed {
					enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: subject, Text: "Hello"})
				}
			}
			sent, err := w.DeliverDue(ctx)
			if err != nil {
				t.Fatalf("at %v: %v", elapsed, err)
			}
			if sent > 0 && elapsed < outage {
				t.Fatalf("%d sent at %v, while the server was down", sent, elapsed)
			}
			for _, m := range inbox() {
				if _, seen := deliveredAt[m.Subject]; !seen {
					deliveredAt[m.Subject] = elapsed
				}
			}
		}
		got := inbox()
		if len(got) != len(queuedAt) {
			t.Fatalf("%d mails received, want %d: %+v", len(got), len(queuedAt), got)
		}
		for subject := range queuedAt {
			at, ok := deliveredAt[subject]
			// The longest wait that can straddle the end of the outage is the one after the
			// fifth attempt, 320 s: every mail is out within that of the server's return.
			if !ok || at > outage+320*time.Second {
				t.Errorf("%q delivered at %v (ok %v)", subject, at, ok)
			}
		}
		for _, s := range outbox(t, db, "ada@example.com") {
			if s.Status != mail.StatusSent || s.Attempts > 8 {
				t.Errorf("%q: %s after %d attempts", s.Subject, s.Status, s.Attempts)
			}
			t.Logf("%q queued at +%v: delivered at +%v, attempt %d", s.Subject, queuedAt[s.Subject], deliveredAt[s.Subject], s.Attempts)
		}
	})
}
