package mail

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/hive/hive/internal/platform/database"
)

// Queued is what the history keeps of a queued mail: who it went to, its subject and its kind,
// never its body (bodies carry live reset, activation and invitation links).
type Queued struct {
	ID      int64  `json:"-"` // the outbox row's
	To      string `json:"to"`
	Subject string `json:"subject"`
	Type    string `json:"type"`
}

// Recorder writes the history records of the mails queued together, inside the queuing
// transaction tx, so the records commit or roll back with the mails.
type Recorder func(ctx context.Context, tx *database.Tx, queued []Queued) error

var recorder atomic.Pointer[Recorder]

// RecordWith makes every later Enqueue and EnqueueAll call r in its transaction; an error from r fails the
// Enqueue, and so the caller's change. This package is plumbing and may not import the audit
// log, which sits above it; internal/app hands it audit.RecordAll at start, as it hands other
// features the functions of packages above them. Until then (a tool, this package's own tests)
// mail is queued unrecorded. Calling it again replaces r; it is safe from any goroutine.
func RecordWith(r Recorder) {
	if r == nil {
		recorder.Store(nil)
		return
	}
	recorder.Store(&r)
}

// record calls the recorder set by RecordWith, if any.
func record(ctx context.Context, tx *database.Tx, queued []Queued) error {
	r := recorder.Load()
	if r == nil || len(queued) == 0 {
		return nil
	}
	if err := (*r)(ctx, tx, queued); err != nil {
		return fmt.Errorf("record %d mails from %d: %w", len(queued), queued[0].ID, err)
	}
	return nil
}

// MessageIDFor is the Message-ID (without angle brackets) of outbox row id, created at the
// given Unix second, from a deployment at host. It depends on the row alone, so a message sent
// again after a crash between the SMTP server's acceptance and the outbox's mark carries the same
// Message-ID, by which receiving systems drop the duplicate; the creation second keeps ids
// apart when a deployment's database is rebuilt and its row ids start again.
func MessageIDFor(id, createdUnix int64, host string) string {
	host = strings.ToLower(host)
	switch {
	case host == "":
		host = "localhost"
	case strings.Contains(host, ":"): // an IPv6 address: a domain literal
		host = "[" + strings.Trim(host, "[]") + "]"
	}
	return fmt.Sprintf("hive.mail.%d.%d@%s", id, createdUnix, host)
}
