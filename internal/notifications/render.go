package notifications

import (
	"bytes"
	"embed"
	"github.com/hive/hive/internal/platform/input"
	htmltemplate "html/template"
	"net/url"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"
)

//go:embed templates/*.tmpl
var templateFiles embed.FS

var (
	textTemplates = texttemplate.Must(texttemplate.ParseFS(templateFiles, "templates/headlines.tmpl",
		"templates/notification.txt.tmpl", "templates/mail.txt.tmpl"))
	htmlTemplates = htmltemplate.Must(htmltemplate.ParseFS(templateFiles, "templates/mail.html.tmpl"))
)

// message is one notification's facts, as the templates read them.
type message struct {
	Type       Type
	Headline   string // the type's sentence, rendered
	Booking    string
	Client     string
	Department string
	Placement  string // "" for a booking-wide event
	When       string // the placement's local period in the department's zone, or ""
	Zone       string
	Person     string // the freelancer the event concerns
	Actor      string // who made the change ("Hive" for the system, "Someone" when unknown)
	Reason     string
	Until      string // a challenged hold's deadline in the department's zone, or ""
	Entity     string // the entity an invitation is for ("" for a booking's news)
	As         string // an invitation's purpose: " as a freelancer", " as a member of staff" or ""
	Quote      string // the invitation's message as its sender wrote it, or ""
	AnswerBy   string // an offer's answer-by time in the department's zone, or ""
	Was        string // a moved placement's period before, in the department's zone, or ""
	Rate       string // a sell rate amended, 'before → after', or ""
	Changed    string // the other fields changed, 'title 'A' → 'B', IR35 No → Yes', or ""
	Cause      string // what Hive acted on when it made the change itself ('Alex Smith declined'), or ""
	Outcome    string // a finished offer in turn's result, "0 of 1 filled", or ""
	Invoice    string // an overdue invoice's number, or ""
	Due        string // an overdue invoice's due date, or ""
	Path       string // in-app path of the screen it concerns
}

// detail is one 'Label: value' line under a notification's sentence.
type detail struct {
	Label, Value string
}

// Details are the lines that say where: the booking, its client and department and the
// placement's local period; or the entity of an invitation.
func (m message) Details() []detail {
	if m.Entity != "" {
		return []detail{{"Entity", m.Entity}}
	}
	d := []detail{{"Booking", m.Booking}, {"Client", m.Client + ", " + m.Department}}
	if m.When != "" {
		d = append(d, detail{"When", m.When + " (" + m.Zone + ")"})
	}
	return d
}

// about is what a subject names: the booking, or the entity of an invitation.
func (m message) about() string {
	if m.Entity != "" {
		return m.Entity
	}
	return m.Booking
}

// displayTime is spec part 2 §9's display format, 'Mon, 05 Jan 2024 09:30'.
const displayTime = "Mon, 02 Jan 2006 15:04"

// inZone is t in the display format and zone (UTC for an unknown zone).
func inZone(t time.Time, zone string) string {
	loc, err := input.Zone(zone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format(displayTime)
}

// period is start–end in zone (UTC for an unknown zone): the end's time only when it is the
// same day.
func period(start, end time.Time, zone string) string {
	loc, err := input.Zone(zone)
	if err != nil {
		loc = time.UTC
	}
	s, e := start.In(loc), end.In(loc)
	if s.Format(time.DateOnly) == e.Format(time.DateOnly) {
		return s.Format(displayTime) + " to " + e.Format("15:04")
	}
	return s.Format(displayTime) + " to " + e.Format(displayTime)
}

// at is one instant in zone (UTC for an unknown zone), in the display format.
func at(t time.Time, zone string) string {
	loc, err := input.Zone(zone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format(displayTime)
}

func (m *message) render() error {
	var b strings.Builder
	if err := textTemplates.ExecuteTemplate(&b, m.Type.Identifier, m); err != nil {
		return err
	}
	m.Headline = b.String()
	return nil
}

// subject is the notification's, and a mail's of one change: 'New offer: Evening News'. A
// subject is one line whatever the booking's title holds.
func (m message) subject() string { return oneLine(m.Type.Label + ": " + m.about()) }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func (m message) bodyText() (string, error) {
	var b strings.Builder
	err := textTemplates.ExecuteTemplate(&b, "notification.txt.tmpl", m)
	return b.String(), err
}

// Mail is one rendered mail.
type Mail struct {
	To      string
	Subject string
	Text    string
	HTML    string
	Kind    string // "notification:" and the mail's types, comma-separated (mail.Message.Kind)
}

// unsubscribeLink is one type's link in a mail.
type unsubscribeLink struct {
	Label string
	URL   string
}

// mailData is what the mail templates read.
type mailData struct {
	Subject      string
	Name         string
	Items        []message
	Details      []detail
	Quote        string
	Link         string
	SettingsLink string
	Unsubscribe  []unsubscribeLink
}

// links make absolute addresses for mails.
type links struct {
	BaseURL string
	Signer  Signer
}

func (l links) url(path string) string { return strings.TrimSuffix(l.BaseURL, "/") + path }

// unsubscribe is the address of the public unsubscribe page for user and identifier (the web's
// /unsubscribe, which confirms with a button).
func (l links) unsubscribe(user int64, identifier string) string {
	return l.url("/unsubscribe?token=" + url.QueryEscape(l.Signer.Token(user, identifier)))
}

// renderMail folds items (one recipient's changes to one placement or booking, oldest first)
// into one mail with text and HTML bodies.
func renderMail(l links, to person, items []message) (Mail, error) {
	last := items[len(items)-1] // the latest change says where the placement now is
	d := mailData{Name: to.name(), Items: items, Details: last.Details(), Quote: last.Quote, Link: l.url(last.Path),
		SettingsLink: l.url("/notifications?tab=settings")}
	if d.Name == "" {
		d.Name = to.Email
	}
	seen := map[string]bool{}
	var kinds []string
	for _, it := range items {
		if !seen[it.Type.Identifier] {
			seen[it.Type.Identifier] = true
			kinds = append(kinds, it.Type.Identifier)
			d.Unsubscribe = append(d.Unsubscribe, unsubscribeLink{Label: it.Type.Label,
				URL: l.unsubscribe(to.ID, it.Type.Identifier)})
		}
	}
	d.Subject = last.subject()
	if len(items) > 1 {
		d.Subject = oneLine(pluralChanges(len(items)) + ": " + last.about())
	}
	var text strings.Builder
	if err := textTemplates.ExecuteTemplate(&text, "mail.txt.tmpl", d); err != nil {
		return Mail{}, err
	}
	var html bytes.Buffer
	if err := htmlTemplates.ExecuteTemplate(&html, "mail.html.tmpl", d); err != nil {
		return Mail{}, err
	}
	return Mail{To: to.Email, Subject: d.Subject, Text: text.String(), HTML: html.String(),
		Kind: "notification:" + strings.Join(kinds, ",")}, nil
}

func pluralChanges(n int) string {
	if n == 1 {
		return "1 change"
	}
	return strconv.Itoa(n) + " changes"
}
