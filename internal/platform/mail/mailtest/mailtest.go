// Package mailtest runs a real SMTP server inside a test, so code that sends mail can be checked
// end to end: from the outbox, through the SMTP sender, to what a mail server received.
package mailtest

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one message the test server accepted.
type Received struct {
	User    string   // the name the client authenticated as; empty without AUTH
	From    string   // envelope sender (MAIL FROM)
	To      []string // envelope recipients (RCPT TO)
	Data    string   // the raw message, headers and encoded body
	Subject string   // the decoded Subject header
	Text    string   // the decoded text/plain body (the whole message when it cannot be parsed)
	HTML    string   // the decoded text/html alternative, if any
}

// StartSMTPServer starts an SMTP server on 127.0.0.1 for the duration of t, without TLS and
// accepting any credentials. It returns the smtp:// URL to give NewSMTPSender and a function
// that returns the messages received so far, in order.
func StartSMTPServer(t testing.TB) (url string, inbox func() []Received) {
	t.Helper()
	be := &backend{}
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(l); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
			t.Errorf("mailtest: serve: %v", err)
		}
	}()
	t.Cleanup(func() {
		srv.Close()
		<-done
	})
	return "smtp://" + l.Addr().String(), be.received
}

type backend struct {
	mu    sync.Mutex
	inbox []Received
}

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

func (b *backend) received() []Received {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Received(nil), b.inbox...)
}

type session struct {
	b    *backend
	user string
	from string
	to   []string
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, _ string) error {
		s.user = username
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	got := Received{User: s.user, From: s.from, To: s.to, Data: string(raw)}
	got.Subject, got.Text, got.HTML = decode(raw)
	s.b.mu.Lock()
	s.b.inbox = append(s.b.inbox, got)
	s.b.mu.Unlock()
	return nil
}

func (s *session) Reset() { s.from, s.to = "", nil }

func (s *session) Logout() error { return nil }

// decode reads the subject and the bodies of a message: a single text part, or the text/plain
// and text/html parts of a multipart one (nested parts included), undoing the quoted-printable
// or base64 transfer encoding; on anything it cannot parse it returns what it has.
func decode(raw []byte) (subject, text, html string) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return "", string(raw), ""
	}
	subject = msg.Header.Get("Subject")
	if s, err := new(mime.WordDecoder).DecodeHeader(subject); err == nil {
		subject = s
	}
	parts := map[string]string{}
	readPart(textproto.MIMEHeader(msg.Header), msg.Body, parts)
	return subject, parts["text/plain"], parts["text/html"]
}

// readPart puts the decoded body of each text part under r into parts by media type, the first
// of each type winning; a part without a Content-Type is text/plain.
func readPart(h textproto.MIMEHeader, r io.Reader, parts map[string]string) {
	mediaType, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		mediaType = "text/plain"
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(r, params["boundary"])
		for {
			p, err := mr.NextRawPart() // raw: this function undoes the transfer encoding itself
			if err != nil {
				return
			}
			readPart(p.Header, p, parts)
		}
	}
	var body io.Reader = r
	switch strings.ToLower(h.Get("Content-Transfer-Encoding")) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if _, seen := parts[mediaType]; !seen && err == nil {
		parts[mediaType] = strings.ReplaceAll(string(b), "\r\n", "\n")
	}
}
