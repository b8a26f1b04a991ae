package mail_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

func TestMessageValidate(t *testing.T) {
	tests := []struct {
		name string
		m    mail.Message
		ok   bool
	}{
		{"plain", mail.Message{Kind: "test", To: "ada@example.com", Subject: "Hello", Text: "Hi"}, true},
		{"empty text is allowed", mail.Message{Kind: "test", To: "ada@example.com", Subject: "Hello"}, true},
		{"no at sign", mail.Message{Kind: "test", To: "ada.example.com", Subject: "Hello"}, false},
		{"empty recipient", mail.Message{Kind: "test", To: "", Subject: "Hello"}, false},
		{"display name", mail.Message{Kind: "test", To: "Ada <ada@example.com>", Subject: "Hello"}, false},
		{"two recipients", mail.Message{Kind: "test", To: "ada@example.com, bob@example.com", Subject: "Hello"}, false},
		{"surrounding space", mail.Message{Kind: "test", To: " ada@example.com", Subject: "Hello"}, false},
		{"header injection", mail.Message{Kind: "test", To: "ada@example.com\r\nBcc: eve@example.com", Subject: "Hello"}, false},
		{"empty subject", mail.Message{Kind: "test", To: "ada@example.com", Subject: "  "}, false},
		{"subject with line break", mail.Message{Kind: "test", To: "ada@example.com", Subject: "Hi\r\nBcc: eve@example.com"}, false},
		{"no kind", mail.Message{To: "ada@example.com", Subject: "Hello"}, false},
		{"kind of two words", mail.Message{Kind: "password reset", To: "ada@example.com", Subject: "Hello"}, false},
		{"folded kinds", mail.Message{Kind: "notification:supplier.offered,supplier.rate_amended", To: "ada@example.com", Subject: "Hello"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			if tt.ok && err != nil {
				t.Fatalf("Validate() = %v, want nil", err)
			}
			if !tt.ok && !errors.Is(err, mail.ErrInvalid) {
				t.Fatalf("Validate() = %v, want ErrInvalid", err)
			}
		})
	}
}

// clockedEngines runs test on each engine with Hive's clock stopped (useClock), as most of
// the outbox's tests need.
func clockedEngines(t *testing.T, test func(t *testing.T, db *database.DB, clk *clock.Settable)) {
	t.Helper()
	databasetest.Engines(t, func(t *testing.T, db *database.DB) { test(t, db, useClock(db)) })
}

// useClock stops Hive's clock (db.Now), so tests decide when messages fall due.
func useClock(db *database.DB) *clock.Settable {
	c := clock.At(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	db.Now = c.Now
	return c
}

// fakeSender records what it is asked to send; fail, when set, decides which sends fail.
type fakeSender struct {
	mu   sync.Mutex
	sent []mail.Message
	fail func(m mail.Message) error
}

func (s *fakeSender) Send(_ context.Context, m mail.Message) error {
	if s.fail != nil {
		if err := s.fail(m); err != nil {
			return err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, m)
	return nil
}

func (s *fakeSender) Sent() []mail.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]mail.Message(nil), s.sent...)
}

func enqueue(t *testing.T, db *database.DB, msgs ...mail.Message) {
	t.Helper()
	err := db.InTx(context.Background(), func(tx *database.Tx) error {
		for _, m := range msgs {
			if err := mail.Enqueue(context.Background(), tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("enqueue: %v", err)
	}
}

func outbox(t *testing.T, db *database.DB, to string) []mail.Stored {
	t.Helper()
	list, err := mail.Outbox(context.Background(), db, to)
	if err != nil {
		t.Fatalf("Outbox: %v", err)
	}
	return list
}
