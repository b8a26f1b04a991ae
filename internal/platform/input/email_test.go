package input

import (
	"strings"
	"testing"
)

func TestValidEmail(t *testing.T) {
	for s, want := range map[string]bool{
		"ann@example.com":                    true,
		"ann.o'neil+hive@mail.example.co.uk": true,
		"":                                   false,
		"ann":                                false,
		"ann@":                               false,
		"@example.com":                       false,
		"Ann <ann@example.com>":              false,
		"ann@example.com, bob@example.com":   false,
		strings.Repeat("a", 250) + "@example.com": false,
	} {
		if got := ValidEmail(s); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", s, got, want)
		}
	}
}
