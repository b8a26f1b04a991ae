package httpapi

import "testing"

func TestLoggedPathRedactsSecrets(t *testing.T) {
	RedactPath("/calendar/")
	if got := loggedPath(Prefix + "/calendar/abc123.ics"); got != Prefix+"/calendar/[redacted]" {
		t.Errorf("feed path logged as %q", got)
	}
	if got := loggedPath(Prefix + "/booking/7"); got != Prefix+"/booking/7" {
		t.Errorf("ordinary path logged as %q", got)
	}
}
