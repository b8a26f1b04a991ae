package mail_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/mail/mailtest"
	"github.com/hive/hive/internal/platform/nettest"
)

const from = "Hive <no-reply@hive.local>"

func TestNewSMTPSender(t *testing.T) {
	tests := []struct {
		url, from string
		ok        bool
	}{
		{"smtp://mail.example.com", from, true},
		{"smtp://user:p%40ss@mail.example.com:2525", from, true},
		{"smtps://user:pass@mail.example.com", "no-reply@example.com", true},
		{"http://mail.example.com", from, false},
		{"smtp://", from, false},
		{"smtp://mail.example.com:0", from, false},
		{"smtp://mail.example.com:99999", from, false},
		{"smtp://mail.example.com:port", from, false},
		{"smtp://mail.example.com", "not an address", false},
		{"::", from, false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			_, err := mail.NewSMTPSender(tt.url, tt.from)
			if (err == nil) != tt.ok {
				t.Fatalf("NewSMTPSender(%q, %q) = %v, want ok=%v", tt.url, tt.from, err, tt.ok)
			}
			if err != nil && strings.Contains(err.Error(), "pass") {
				t.Errorf("error shows the password: %v", err)
			}
		})
	}
}

func TestLogSenderPrintsTheWholeMessage(t *testing.T) {
	var buf bytes.Buffer
	s := mail.LogSender{Logger: slog.New(slog.NewJSONHandler(&buf, nil)), PrintText: true}
	m := mail.Message{Kind: "test", To: "ada@example.com", Subject: "Reset", Text: "Open http://127.0.0.1:8080/reset?token=abc\nThanks"}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != 1 {
		t.Fatalf("%d log lines, want 1: %s", n, buf.String())
	}
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatal(err)
	}
	if line["level"] != "INFO" || line["to"] != m.To || line["subject"] != m.Subject || line["text"] != m.Text {
		t.Fatalf("log line = %v", line)
	}
}

// TestAttack_LogSenderInProductionDoesNotPrintLinks: without SMTP in production, the log (read
// by operators and log pipelines) says a mail would have been sent, never its reset link.
func TestAttack_LogSenderInProductionDoesNotPrintLinks(t *testing.T) {
	var buf bytes.Buffer
	s := mail.LogSender{Logger: slog.New(slog.NewJSONHandler(&buf, nil))}
	m := mail.Message{Kind: "test", To: "ada@example.com", Subject: "Reset", Text: "Open http://hive.example/reset?token=s3cr3t-token",
		HTML: `<a href="http://hive.example/reset?token=s3cr3t-token">Reset</a>`}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "s3cr3t-token") || !strings.Contains(buf.String(), "ada@example.com") {
		t.Fatalf("log line = %s", buf.String())
	}
}

func TestDeliverThroughSMTP(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		url, inbox := mailtest.StartSMTPServer(t)
		link := "http://127.0.0.1:8080/reset-password?token=" + strings.Repeat("0123456789abcdef", 6)
		for _, tt := range []struct{ name, url, user string }{
			{"without credentials", url, ""},
			{"with credentials", strings.Replace(url, "smtp://", "smtp://hive:s3cret@", 1), "hive"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				sender, err := mail.NewSMTPSender(tt.url, from)
				if err != nil {
					t.Fatal(err)
				}
				before := len(inbox())
				m := mail.Message{Kind: "test", To: "ada@example.com", Subject: "Réinitialiser: " + tt.name,
					Text: "Hello Ada,\n\nOpen " + link + " to choose a new password.\n"}
				enqueue(t, db, m)
				w := &mail.Worker{DB: db, Sender: sender, Logger: quiet}
				if sent, err := w.DeliverDue(ctx); err != nil || sent != 1 {
					t.Fatalf("DeliverDue = %d, %v; want 1, nil (outbox %+v)", sent, err, outbox(t, db, m.To)[0])
				}
				got := inbox()
				if len(got) != before+1 {
					t.Fatalf("server received %d messages, want %d", len(got), before+1)
				}
				r := got[len(got)-1]
				if r.User != tt.user {
					t.Errorf("authenticated as %q, want %q", r.User, tt.user)
				}
				if r.From != "no-reply@hive.local" || len(r.To) != 1 || r.To[0] != "ada@example.com" {
					t.Errorf("envelope from %q to %q", r.From, r.To)
				}
				if r.Subject != m.Subject {
					t.Errorf("subject = %q, want %q", r.Subject, m.Subject)
				}
				if !strings.Contains(r.Text, link) || r.Text != m.Text {
					t.Errorf("text = %q, want %q", r.Text, m.Text)
				}
				if !strings.Contains(r.Data, "To: <ada@example.com>") || !strings.Contains(r.Data, "Message-ID: ") {
					t.Errorf("raw message lacks headers:\n%s", r.Data)
				}
				if s := outbox(t, db, m.To)[0]; s.Status != mail.StatusSent {
					t.Errorf("outbox status = %q", s.Status)
				}
			})
		}
	})
}

func TestSMTPFailureIsRecorded(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		sender, err := mail.NewSMTPSender("smtp://"+nettest.ClosedAddr(t), from)
		if err != nil {
			t.Fatal(err)
		}
		enqueue(t, db, mail.Message{Kind: "test", To: "ada@example.com", Subject: "Hello"})
		w := &mail.Worker{DB: db, Sender: sender, Logger: quiet}
		if sent, err := w.DeliverDue(context.Background()); err != nil || sent != 0 {
			t.Fatalf("DeliverDue = %d, %v; want 0, nil", sent, err)
		}
		got := outbox(t, db, "ada@example.com")[0]
		if got.Status != mail.StatusPending || got.Attempts != 1 || !strings.Contains(got.LastError, "dial") {
			t.Fatalf("outbox = %+v", got)
		}
	})
}

// failAfterSending hands the message to next, then reports a failure: the outbox's view of a
// crash between the SMTP server's acceptance and the mark, so the row is sent again.
type failAfterSending struct {
	next  mail.Sender
	calls int
}

func (s *failAfterSending) Send(ctx context.Context, m mail.Message) error {
	s.calls++
	if err := s.next.Send(ctx, m); err != nil {
		return err
	}
	if s.calls == 1 {
		return errors.New("lost before the mark")
	}
	return nil
}

// TestDeliverHTMLAsAnAlternativeWithAStableMessageID: a message with HTML reaches the server
// as multipart/alternative, text first; and the two sends of one outbox row carry one
// Message-ID, made from the row and the deployment's host, so the receiver can drop the second.
func TestDeliverHTMLAsAnAlternativeWithAStableMessageID(t *testing.T) {
	clockedEngines(t, func(t *testing.T, db *database.DB, clk *clock.Settable) {
		ctx := context.Background()
		url, inbox := mailtest.StartSMTPServer(t)
		smtpSender, err := mail.NewSMTPSender(url, from)
		if err != nil {
			t.Fatal(err)
		}
		m := mail.Message{Kind: "test", To: "ada@example.com", Subject: "New offer",
			Text: "Hello Ada,\n\nA new offer: Café, Mon 09:00.\n",
			HTML: "<p>Hello Ada,</p>\n<p>A new offer: <b>Café</b>, Mon 09:00.</p>\n"}
		enqueue(t, db, m)
		row := outbox(t, db, m.To)[0]
		sender := &failAfterSending{next: smtpSender}
		w := &mail.Worker{DB: db, Sender: sender, Logger: quiet, Host: "hive.example"}
		if _, err := w.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Minute)
		if sent, err := w.DeliverDue(ctx); err != nil || sent != 1 {
			t.Fatalf("retry: DeliverDue = %d, %v; want 1, nil", sent, err)
		}
		got := inbox()
		if len(got) != 2 {
			t.Fatalf("server received %d messages, want 2", len(got))
		}
		wantID := fmt.Sprintf("Message-ID: <hive.mail.%d.%d@hive.example>", row.ID, row.CreatedAt.Unix())
		for i, r := range got {
			if r.Text != m.Text || r.HTML != m.HTML {
				t.Errorf("send %d: text %q, html %q", i+1, r.Text, r.HTML)
			}
			if !strings.Contains(r.Data, "Content-Type: multipart/alternative") {
				t.Errorf("send %d is not multipart/alternative:\n%s", i+1, r.Data)
			}
			plain, html := strings.Index(r.Data, "Content-Type: text/plain"), strings.Index(r.Data, "Content-Type: text/html")
			if plain < 0 || html < plain {
				t.Errorf("send %d: text part at %d, HTML part at %d; want text first", i+1, plain, html)
			}
			if !strings.Contains(r.Data, wantID+"\r\n") {
				t.Errorf("send %d lacks %q:\n%s", i+1, wantID, r.Data)
			}
		}
		if s := outbox(t, db, m.To)[0]; s.Status != mail.StatusSent || s.HTML != "" || s.Text != "" {
			t.Errorf("outbox after sending = %+v", s)
		}
	})
}

// A message without HTML stays a single text part.
func TestDeliverTextAloneAsOnePart(t *testing.T) {
	url, inbox := mailtest.StartSMTPServer(t)
	sender, err := mail.NewSMTPSender(url, from)
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{To: "ada@example.com", Subject: "Hello", Text: "Just text.\n", MessageID: "hive.mail.7.1@hive.example"}
	if err := sender.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	r := inbox()[0]
	if r.Text != m.Text || r.HTML != "" || strings.Contains(r.Data, "multipart") ||
		!strings.Contains(r.Data, "Message-ID: <hive.mail.7.1@hive.example>") {
		t.Errorf("received %+v", r)
	}
}

func TestMessageIDFor(t *testing.T) {
	for _, tt := range []struct {
		host, want string
	}{
		{"hive.example", "hive.mail.42.1780000000@hive.example"},
		{"Hive.Example", "hive.mail.42.1780000000@hive.example"},
		{"", "hive.mail.42.1780000000@localhost"},
		{"::1", "hive.mail.42.1780000000@[::1]"},
	} {
		if got := mail.MessageIDFor(42, 1780000000, tt.host); got != tt.want {
			t.Errorf("MessageIDFor(42, 1780000000, %q) = %q, want %q", tt.host, got, tt.want)
		}
	}
}
