package mailtest_test

import (
	"net/smtp"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/mail/mailtest"
)

func TestStartSMTPServer(t *testing.T) {
	url, inbox := mailtest.StartSMTPServer(t)
	raw := strings.Join([]string{
		"From: Hive <no-reply@hive.local>",
		"To: ada@example.com",
		"Subject: =?UTF-8?q?R=C3=A9initialiser?=",
		"Content-Type: text/plain; charset=UTF-8",
		"Content-Transfer-Encoding: quoted-printable",
		"",
		"Open http://x.test/reset?token=3Dabc and a long line that is wrapped with a =",
		"soft break.",
		"",
	}, "\r\n")
	auth := smtp.PlainAuth("", "hive", "secret", "127.0.0.1")
	addr := strings.TrimPrefix(url, "smtp://")
	if err := smtp.SendMail(addr, auth, "no-reply@hive.local", []string{"ada@example.com", "bob@example.com"}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	got := inbox()
	if len(got) != 1 {
		t.Fatalf("received %d messages, want 1", len(got))
	}
	r := got[0]
	if r.User != "hive" || r.From != "no-reply@hive.local" || strings.Join(r.To, ",") != "ada@example.com,bob@example.com" {
		t.Errorf("envelope: user %q from %q to %q", r.User, r.From, r.To)
	}
	if r.Subject != "Réinitialiser" {
		t.Errorf("subject = %q", r.Subject)
	}
	if want := "Open http://x.test/reset?token=abc and a long line that is wrapped with a soft break.\n"; r.Text != want {
		t.Errorf("text = %q, want %q", r.Text, want)
	}
	if r.Data != raw {
		t.Errorf("raw data = %q, want %q", r.Data, raw)
	}
}

func TestStartSMTPServerReadsBothPartsOfAnAlternative(t *testing.T) {
	url, inbox := mailtest.StartSMTPServer(t)
	raw := strings.Join([]string{
		"From: no-reply@hive.local",
		"To: ada@example.com",
		"Subject: Hello",
		"MIME-Version: 1.0",
		`Content-Type: multipart/alternative; boundary="b1"`,
		"",
		"--b1",
		"Content-Type: text/plain; charset=UTF-8",
		"Content-Transfer-Encoding: quoted-printable",
		"",
		"Caf=C3=A9 at nine",
		"--b1",
		"Content-Type: text/html; charset=UTF-8",
		"Content-Transfer-Encoding: base64",
		"",
		"PHA+Q2Fmw6kgYXQgbmluZTwvcD4=",
		"--b1--",
		"",
	}, "\r\n")
	if err := smtp.SendMail(strings.TrimPrefix(url, "smtp://"), nil, "no-reply@hive.local", []string{"ada@example.com"}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	r := inbox()[0]
	if r.Text != "Café at nine" || r.HTML != "<p>Café at nine</p>" {
		t.Errorf("text %q, html %q", r.Text, r.HTML)
	}
}
