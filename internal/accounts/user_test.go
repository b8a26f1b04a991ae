package accounts

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/hive/hive/internal/platform/apperror"
)

func fieldMessages(err error) map[string]string {
	out := map[string]string{}
	if e := apperror.As(err); e != nil {
		for _, f := range e.Fields {
			out[f.Loc[len(f.Loc)-1]] = f.Msg
		}
	}
	return out
}

func TestNormalizeEmail(t *testing.T) {
	cases := []struct{ in, display, key, msg string }{
		{" Ada@Hive.test ", "Ada@Hive.test", "ada@hive.test", ""},
		{"a d a@hive.test", "ada@hive.test", "ada@hive.test", ""},
		{"", "", "", MsgEmailRequired},
		{"   ", "", "", MsgEmailRequired},
		{"ada", "ada", "ada", MsgEmailInvalid},
		{"ada@", "ada@", "ada@", MsgEmailInvalid},
		{"@hive.test", "@hive.test", "@hive.test", MsgEmailInvalid},
		{"Ada <ada@hive.test>", "Ada<ada@hive.test>", "ada<ada@hive.test>", MsgEmailInvalid},
	}
	for _, c := range cases {
		var v apperror.Invalid
		display, key := NormalizeEmail(&v, "email", c.in)
		if display != c.display || key != c.key || fieldMessages(v.Err())["email"] != c.msg {
			t.Errorf("%q → %q %q %v", c.in, display, key, v.Err())
		}
	}
}

func TestPasswordRules(t *testing.T) {
	cases := []struct {
		pw          string
		login, next string
	}{
		{"", MsgPasswordRequired, MsgPasswordRequired},
		{"short", MsgPasswordTooShort, MsgNewPassword},
		{"eightchr", "", ""},
		{strings.Repeat("x", 50), "", ""},
		{strings.Repeat("x", 51), MsgPasswordTooLong, MsgNewPassword},
		{strings.Repeat("é", 8), "", ""}, // characters, not bytes
	}
	for _, c := range cases {
		var login, next apperror.Invalid
		CheckLoginPassword(&login, "password", c.pw)
		CheckNewPassword(&next, "password", c.pw)
		if got := fieldMessages(login.Err())["password"]; got != c.login {
			t.Errorf("login %q: %q, want %q", c.pw, got, c.login)
		}
		if got := fieldMessages(next.Err())["password"]; got != c.next {
			t.Errorf("new %q: %q, want %q", c.pw, got, c.next)
		}
	}
}

func TestLoginErrorByStatus(t *testing.T) {
	for status, code := range map[string]string{StatusActive: "", StatusSystem: "", StatusRequireEmailChange: "",
		StatusInactive: apperror.CodeNotActivated, StatusUnknown: apperror.CodeNotActivated, StatusResetRequired: apperror.CodeNeedsReset} {
		err := User{AccountStatus: status}.loginError()
		if got := ""; err != nil {
			got = apperror.As(err).Code
			if got != code {
				t.Errorf("%s: %s, want %s", status, got, code)
			}
		} else if code != "" {
			t.Errorf("%s: no error, want %s", status, code)
		}
	}
}

// FuzzNormalizeEmail: whatever comes in, the key is the lower-cased display form without white
// space, and an accepted address has exactly one usable @.
func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"ada@hive.test", " A@B.c ", "", "a@@b", "\u00a0x@y.z", "\"q\"@x.y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var v apperror.Invalid
		display, key := NormalizeEmail(&v, "email", in)
		if key != strings.ToLower(display) || strings.IndexFunc(display, unicode.IsSpace) >= 0 {
			t.Fatalf("%q → %q %q", in, display, key)
		}
		if v.Err() == nil && (!strings.Contains(display, "@") || strings.HasPrefix(display, "@") || strings.HasSuffix(display, "@")) {
			t.Fatalf("accepted %q", display)
		}
	})
}

// TestSharedCredentialRules checks the Go rules against the table the web app's tests also read.
func TestSharedCredentialRules(t *testing.T) {
	data, err := os.ReadFile("testdata/credential-rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Emails []struct {
			Input string
			Error *string
		}
		Passwords []struct {
			Input      string
			Login, New *string
		}
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	for _, c := range table.Emails {
		var v apperror.Invalid
		NormalizeEmail(&v, "email", c.Input)
		if got := fieldMessages(v.Err())["email"]; got != str(c.Error) {
			t.Errorf("email %q: %q, want %q", c.Input, got, str(c.Error))
		}
	}
	for _, c := range table.Passwords {
		var login, next apperror.Invalid
		CheckLoginPassword(&login, "password", c.Input)
		CheckNewPassword(&next, "password", c.Input)
		if got := fieldMessages(login.Err())["password"]; got != str(c.Login) {
			t.Errorf("login password %q: %q, want %q", c.Input, got, str(c.Login))
		}
		if got := fieldMessages(next.Err())["password"]; got != str(c.New) {
			t.Errorf("new password %q: %q, want %q", c.Input, got, str(c.New))
		}
	}
}
