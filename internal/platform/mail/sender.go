package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"

	gomail "github.com/wneessen/go-mail"
)

// smtpSender delivers messages to an SMTP server, one connection per message.
type smtpSender struct {
	from string
	host string
	opts []gomail.Option
}

// NewSMTPSender returns a Sender for rawURL, smtp://[user:pass@]host[:port] (STARTTLS when the
// server offers it, port 587 by default) or smtps://[user:pass@]host[:port] (implicit TLS, port
// 465 by default), sending as from ("Name <address>" or a bare address).
func NewSMTPSender(rawURL, from string) (Sender, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("SMTP URL: %w", err)
	}
	if err := gomail.NewMsg().From(from); err != nil {
		return nil, fmt.Errorf("mail sender %q: %w", from, err)
	}
	host := u.Hostname()
	if host == "" {
		return nil, fmt.Errorf("SMTP URL %q has no host", u.Redacted())
	}
	var opts []gomail.Option
	port := 587
	switch u.Scheme {
	case "smtp":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP URL %q: scheme must be smtp or smtps", u.Redacted())
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil || port < 1 || port > 65535 {
			return nil, fmt.Errorf("SMTP URL %q: bad port %q", u.Redacted(), p)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil && u.User.Username() != "" {
		pass, _ := u.User.Password()
		// The strongest mechanism the server offers. PLAIN and LOGIN refuse to run without TLS
		// unless the server is on this machine, so a password never crosses a network in clear.
		opts = append(opts,
			gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthSCRAMSHA256, gomail.SMTPAuthSCRAMSHA1,
				gomail.SMTPAuthCramMD5, gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	s := &smtpSender{from: from, host: host, opts: opts}
	if _, err := gomail.NewClient(host, opts...); err != nil {
		return nil, fmt.Errorf("SMTP URL %q: %w", u.Redacted(), err)
	}
	return s, nil
}

// Send delivers m over a new SMTP connection: its text alone, or, when m has HTML,
// multipart/alternative with the text first and the HTML last (the part clients prefer), as
// RFC 2046 orders them. go-mail writes the MIME structure and the transfer encodings.
func (s *smtpSender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return err
	}
	if err := msg.To(m.To); err != nil {
		return err
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	} else {
		msg.SetMessageID()
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	// A client per message: nothing is shared between concurrent sends.
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return err
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// LogSender "delivers" each message by printing it as one Info log line; it stands in for SMTP
// on a local run. The text, links and their tokens included, is printed only when PrintText is
// set, which Hive does outside production: logs are kept, shipped and read by more people than
// the recipient, so in production a log line says only that a mail would have been sent.
type LogSender struct {
	Logger    *slog.Logger // nil means slog.Default()
	PrintText bool
}

// Send logs m and never fails.
func (s LogSender) Send(ctx context.Context, m Message) error {
	logger := s.Logger
	if logger == nil {
		logger = slog.Default()
	}
	if !s.PrintText {
		logger.WarnContext(ctx, "mail not sent: no SMTP server configured (HIVE_SMTP_URL)", "to", m.To, "subject", m.Subject)
		return nil
	}
	// The text only: the HTML says the same, and a log line is read as text.
	logger.InfoContext(ctx, "mail", "to", m.To, "subject", m.Subject, "messageId", m.MessageID,
		"html", m.HTML != "", "text", m.Text)
	return nil
}
