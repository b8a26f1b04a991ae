package faults

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/mail/mailtest"
)

// TestSIGKILLUnderWriteLoadLosesNothingAcknowledged runs a real `hive serve` on a fresh demo
// database (SQLite, and PostgreSQL when HIVE_TEST_POSTGRES_URL is set) with mail going to an
// SMTP server the test runs, drives bookings and offers from six clients, and kills the
// process with SIGKILL once writes and mails are flowing. After a restart on the same database:
// every acknowledged write is there, no placement holds two instructions for one freelancer
// (offers left unanswered by the kill are sent again and do not double), and the outbox carries
// on: each mail marked sent before the kill is not sent again, and the rest go out.
func TestSIGKILLUnderWriteLoadLosesNothingAcknowledged(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		sigkillUnderLoad(t, "sqlite:"+filepath.Join(t.TempDir(), "hive.db"))
	})
	if databasetest.Available()[len(databasetest.Available())-1].Name == "postgres" {
		t.Run("postgres", func(t *testing.T) {
			db, url := databasetest.PostgresURL(t)
			db.Close()
			sigkillUnderLoad(t, url)
		})
	}
}

var messageID = regexp.MustCompile(`(?mi)^Message-Id: <hive\.mail\.(\d+)\.`)

// receivedIDs counts the outbox ids of the mails the SMTP server received.
func receivedIDs(t *testing.T, inbox func() []mailtest.Received) map[int64]int {
	got := map[int64]int{}
	for _, m := range inbox() {
		match := messageID.FindStringSubmatch(m.Data)
		if match == nil {
			t.Fatalf("a mail without Hive's Message-ID: %.300s", m.Data)
		}
		id, _ := strconv.ParseInt(match[1], 10, 64)
		got[id]++
	}
	return got
}

// outboxState reads which mails are sent, and which are leased by a worker (claimed, not yet
// recorded: a send the kill may have cut).
func outboxState(t *testing.T, dbURL string) (sent, leased, pending []int64) {
	t.Helper()
	db, err := database.Connect(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var rows []struct {
		ID       int64     `db:"id"`
		Status   string    `db:"status"`
		Attempts int       `db:"attempts"`
		Next     time.Time `db:"next_attempt_at"`
	}
	if err := db.Select(context.Background(), &rows, `SELECT id, status, attempts, next_attempt_at FROM mail_outbox`); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		switch {
		case r.Status == mail.StatusSent:
			sent = append(sent, r.ID)
		case r.Status == mail.StatusPending && r.Attempts > 0 && r.Next.After(time.Now()):
			leased = append(leased, r.ID)
		case r.Status == mail.StatusPending:
			pending = append(pending, r.ID)
		}
	}
	return sent, leased, pending
}

func sigkillUnderLoad(t *testing.T, dbURL string) {
	smtpURL, inbox := mailtest.StartSMTPServer(t)
	s := newServer(t, dbURL, "HIVE_SMTP_URL="+smtpURL, "HIVE_NOTIFY_FOLD_WINDOW=0", "HIVE_NOTIFY_INTERVAL=50ms")
	s.run("seed", "demo")
	s.start()
	load := prepareLoad(t, s, dbURL)
	clients := make([]*client, 6)
	for i := range clients {
		clients[i] = s.login("manager@hive.test")
	}

	// Load until enough is acknowledged and mailed, then kill the server mid-load.
	lg := &ledger{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	loadDone := make(chan struct{})
	go func() {
		defer close(loadDone)
		load.run(ctx, clients, lg, func(err error) error { return err }) // a worker stops at its first failure
	}()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		bookings, _ := lg.counts()
		sent, _, _ := outboxState(t, dbURL)
		if bookings >= 30 && len(sent) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 3 minutes only %d bookings acknowledged and %d mails sent\n%s", bookings, len(sent), s.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.kill()
	<-loadDone
	sentBefore, leasedAtKill, pendingAtKill := outboxState(t, dbURL)
	receivedBefore := receivedIDs(t, inbox)

	recovery := s.start()
	// Sessions live in the database: the same cookies work after the restart. Every acknowledged booking answers through the restarted server.
	for _, id := range lg.bookings {
		if status, err := clients[0].do(context.Background(), "GET", fmt.Sprintf("/booking/%d", id), nil, nil); err != nil || status != http.StatusOK {
			t.Errorf("acknowledged booking %d: %d %v", id, status, err)
		}
	}
	// The offers the kill left unanswered are sent again, as a client retries: each ends with
	// one instruction, whether the first try had committed or not.
	retry := &ledger{}
	for _, g := range lg.unsure {
		if err := load.offer(context.Background(), clients[0], retry, g); err != nil {
			t.Errorf("retried offer %+v: %v", g, err)
		}
	}
	checkLedger(t, dbURL, lg)

	// The outbox carries on: every mail not leased at the kill goes out.
	deadline = time.Now().Add(time.Minute)
	for {
		_, _, pending := outboxState(t, dbURL)
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d mails still pending a minute after the restart", len(pending))
		}
		time.Sleep(50 * time.Millisecond)
	}
	received := receivedIDs(t, inbox)
	leased := map[int64]bool{}
	for _, id := range leasedAtKill {
		leased[id] = true
	}
	for _, id := range sentBefore {
		if received[id] != 1 {
			t.Errorf("mail %d, sent before the kill, was received %d times", id, received[id])
		}
	}
	for id, n := range received {
		if n > 1 && !leased[id] {
			t.Errorf("mail %d received %d times", id, n)
		}
		if n > receivedBefore[id] && receivedBefore[id] > 0 && !leased[id] {
			t.Errorf("mail %d, received before the kill, was sent again", id)
		}
	}
	cut := 0 // received by the SMTP server but not yet marked sent when the process died
	for id := range leased {
		if receivedBefore[id] > 0 {
			cut++
		}
	}
	bookings, grants := lg.counts()
	t.Logf("acknowledged before the kill: %d bookings, %d offers (%d refused, %d unanswered, retried: %d inserted); "+
		"all found after the restart; answers %v; server answering %v after the restart; outbox at the kill: %d sent, "+
		"%d leased (retried when the lease ends; %d of them had reached the SMTP server, and will reach it again), "+
		"%d due; after the restart: %d distinct mails received, none sent before the kill sent again",
		bookings, grants, lg.refused, len(lg.unsure), len(retry.grants), lg.statuses, recovery.Round(time.Millisecond),
		len(sentBefore), len(leasedAtKill), cut, len(pendingAtKill), len(received))
}
