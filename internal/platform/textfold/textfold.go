// Package textfold is how text is compared when people search it: case and accents folded
// ('Zürich' → 'zurich', 'Straße' → 'strasse') and split into words of letters and digits. The
// places gazetteer and the search index both fold with it, so a name is matched the same way
// wherever it is searched, and a stored key and a query fold alike.
package textfold

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// special folds the letters that Unicode does not decompose into a base letter and a mark.
var special = map[rune]string{
	'ß': "ss", 'ẞ': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe", 'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l",
	'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h", 'ŀ': "l", 'Ŀ': "l",
}

// Fold lower-cases s and removes its accents. Control characters (NUL among them) and invalid
// UTF-8 become spaces, so they separate words as punctuation does. It is total: any string
// folds without error.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(strings.ToValidUTF8(s, " ")) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsControl(r):
			b.WriteByte(' ')
		case special[r] != "":
			b.WriteString(special[r])
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return norm.NFC.String(b.String())
}

// Words splits s into folded words: runs of letters and digits. Everything else (spaces,
// punctuation, symbols, emoji, control characters) separates words.
func Words(s string) []string {
	return strings.FieldsFunc(Fold(s), notWordRune)
}

// Spaced is s folded with its words joined by one space ('  Saint-Étienne ' → 'saint etienne'):
// the key names are compared on by prefix. Text without accents (most names and queries) takes a
// path without the decomposition's allocations.
func Spaced(s string) string {
	if isASCII(s) {
		return spacedASCII(s)
	}
	return strings.Join(Words(s), " ")
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func spacedASCII(s string) string {
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		default:
			space = true
			continue
		}
		if space && len(b) > 0 {
			b = append(b, ' ')
		}
		space = false
		b = append(b, c)
	}
	return string(b)
}
