package notifications

import (
	"strings"
	"testing"
	"time"
)

func TestEveryTypeHasASentenceALabelAndADescription(t *testing.T) {
	seen := map[string]bool{}
	for _, typ := range Catalogue {
		if seen[typ.Identifier] {
			t.Errorf("%s is listed twice", typ.Identifier)
		}
		seen[typ.Identifier] = true
		if !strings.HasPrefix(typ.Identifier, string(typ.Group)+".") || typ.Label == "" || typ.Description == "" {
			t.Errorf("%+v", typ)
		}
		if (typ.Group == GroupSupplier) != (typ.Audience == AudienceFreelancer || typ.Audience == AudienceInvitee) {
			t.Errorf("%s: the supplier group is the freelancers' (and the invited account's) and only theirs", typ.Identifier)
		}
		m := message{Type: typ, Booking: "B", Placement: "P", When: "W", Person: "X", Actor: "A", AnswerBy: "T"}
		if err := m.render(); err != nil || m.Headline == "" || strings.Contains(m.Headline, "no value") {
			t.Errorf("%s: headline %q, %v", typ.Identifier, m.Headline, err)
		}
	}
}

func TestAMailEscapesWhatUsersTypedInItsHTMLAndKeepsItsSubjectOnOneLine(t *testing.T) {
	typ, _ := TypeOf(SupplierOffered)
	m := message{Type: typ, Booking: "News <script>alert(1)</script>\nline two", Client: "Alpha & Co", Department: "News",
		Placement: "Camera", When: "Mon, 06 Jul 2026 09:00 to 17:00", Zone: "Europe/London", Path: "/bookings/1/edit"}
	if err := m.render(); err != nil {
		t.Fatal(err)
	}
	l := links{BaseURL: "https://hive.example/", Signer: NewSigner("a secret of at least thirty-two characters")}
	got, err := renderMail(l, person{ID: 7, Email: "ada@example.com", FirstName: "Ada"}, []message{m})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got.HTML, "<script>") || !strings.Contains(got.HTML, "&lt;script&gt;") ||
		!strings.Contains(got.HTML, "Alpha &amp; Co") || !strings.Contains(got.HTML, `href="https://hive.example/bookings/1/edit"`) {
		t.Errorf("html:\n%s", got.HTML)
	}
	if strings.ContainsAny(got.Subject, "\r\n") || got.Subject != "New offer: News <script>alert(1)</script> line two" {
		t.Errorf("subject %q", got.Subject)
	}
	if !strings.Contains(got.Text, "Hello Ada,") || !strings.Contains(got.Text, "https://hive.example/unsubscribe?token=") ||
		!strings.Contains(got.Text, "settings (https://hive.example/notifications?tab=settings)") {
		t.Errorf("text:\n%s", got.Text)
	}
	if got.Kind != "notification:"+SupplierOffered {
		t.Errorf("kind %q", got.Kind)
	}
}

func TestPeriodIsInTheDepartmentsZone(t *testing.T) {
	start := time.Date(2026, 1, 5, 22, 0, 0, 0, time.UTC)
	cases := map[string]string{
		"Europe/London":    "Mon, 05 Jan 2026 22:00 to Tue, 06 Jan 2026 06:00",
		"America/New_York": "Mon, 05 Jan 2026 17:00 to Tue, 06 Jan 2026 01:00",
		"Unknown/Zone":     "Mon, 05 Jan 2026 22:00 to Tue, 06 Jan 2026 06:00",
	}
	for zone, want := range cases {
		if got := period(start, start.Add(8*time.Hour), zone); got != want {
			t.Errorf("%s: %q, want %q", zone, got, want)
		}
	}
	summer := time.Date(2026, 7, 6, 8, 0, 0, 0, time.UTC)
	if got := period(summer, summer.Add(8*time.Hour), "Europe/London"); got != "Mon, 06 Jul 2026 09:00 to 17:00" {
		t.Errorf("summer: %q", got)
	}
}

// The reminder names the offer and its answer-by time in the department's zone.
func TestTheAnswerReminderSaysByWhen(t *testing.T) {
	typ, _ := TypeOf(SupplierAnswerReminder)
	m := message{Type: typ, Placement: "Camera", When: "Mon, 01 Feb 2027 09:00 to 17:00",
		AnswerBy: inZone(time.Date(2027, 7, 21, 11, 0, 0, 0, time.UTC), "Europe/London")}
	if err := m.render(); err != nil {
		t.Fatal(err)
	}
	want := "Please answer the offer of Camera on Mon, 01 Feb 2027 09:00 to 17:00 by Wed, 21 Jul 2027 12:00; unanswered then, it expires."
	if m.Headline != want {
		t.Errorf("headline %q, want %q", m.Headline, want)
	}
}
