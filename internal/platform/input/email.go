package input

import (
	"net/mail"
	"strings"
	"unicode/utf8"
)

// ValidEmail reports whether s has the shape something@something, as one address of at most
// 254 characters: the one rule for e-mail addresses typed into any form.
func ValidEmail(s string) bool {
	if utf8.RuneCountInString(s) > 254 {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && at < len(s)-1 && !strings.ContainsAny(s, " <>")
}
