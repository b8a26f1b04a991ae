// Package mail queues outgoing e-mail in the mail_outbox table, inside the transaction of the
// change that causes it, and delivers it from a background Worker through a Sender (SMTP, or the
// log when no SMTP server is configured). Any number of hive processes may run a Worker: each
// message is claimed by one of them at a time.
package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"
)

// Message is one e-mail to one recipient: a plain-text body, and optionally the same content as
// HTML, which mail clients show instead (multipart/alternative, text first).
type Message struct {
	To      string // a bare address, such as ada@example.com
	Subject string
	Text    string
	HTML    string // optional; empty sends Text alone
	// Kind says what the mail is for, in a word the audit history shows as its type:
	// "password_reset", "activation", "invitation", "email_change", "notification:<identifier>"
	// (a folded notification mail lists its types: "notification:<a>,<b>").
	Kind string
	// MessageID is the Message-ID header's value without its angle brackets. The Worker sets it
	// from the outbox row (MessageIDFor), so every attempt at one row carries the same one;
	// Enqueue ignores it.
	MessageID string
}

// ErrInvalid is matched (errors.Is) by every error Validate returns.
var ErrInvalid = errors.New("invalid mail message")

// Validate checks that To is a plausible bare address, Subject is a single non-empty line and
// Kind is set.
func (m Message) Validate() error {
	addr, err := mail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("%w: recipient %q: %v", ErrInvalid, m.To, err)
	}
	if addr.Address != m.To {
		return fmt.Errorf("%w: recipient %q must be a bare address such as %s", ErrInvalid, m.To, addr.Address)
	}
	if strings.TrimSpace(m.Subject) == "" {
		return fmt.Errorf("%w: empty subject", ErrInvalid)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return fmt.Errorf("%w: subject contains a line break", ErrInvalid)
	}
	// Required, so no new kind of mail reaches the history without a type.
	if m.Kind == "" || len(m.Kind) > 500 || strings.ContainsAny(m.Kind, " \t\r\n") {
		return fmt.Errorf("%w: kind %q must be one word of at most 500 characters", ErrInvalid, m.Kind)
	}
	return nil
}

// The states of a message in the outbox.
const (
	StatusPending = "pending" // waiting for its first or next attempt
	StatusSent    = "sent"    // accepted by the Sender
	StatusFailed  = "failed"  // given up after the worker's MaxAttempts
)

// Stored is a message as the outbox holds it.
type Stored struct {
	ID            int64      `db:"id"`
	To            string     `db:"to_addr"`
	Subject       string     `db:"subject"`
	Text          string     `db:"body_text"`
	HTML          string     `db:"body_html"`
	Status        string     `db:"status"`
	Attempts      int        `db:"attempts"`
	LastError     string     `db:"last_error"`
	CreatedAt     time.Time  `db:"created_at"`
	NextAttemptAt time.Time  `db:"next_attempt_at"`
	SentAt        *time.Time `db:"sent_at"`
}

// Message returns the stored message's recipient, subject and bodies (the outbox keeps no kind:
// the audit history has it).
func (s Stored) Message() Message {
	return Message{To: s.To, Subject: s.Subject, Text: s.Text, HTML: s.HTML}
}

// Sender hands a message to whatever delivers it; an error means it should be retried later.
type Sender interface {
	Send(ctx context.Context, m Message) error
}
