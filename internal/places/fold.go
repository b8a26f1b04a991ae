package places

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// letters that do not decompose into a base letter and a mark.
var foldSpecial = map[rune]string{
	'ß': "ss", 'ẞ': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe", 'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l",
	'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h", 'ŀ': "l", 'Ŀ': "l",
}

// Fold is the key names are compared on: lower case, accents removed ("São Paulo" → "sao paulo",
// "Zürich" → "zurich"), and every run of characters that are neither letters nor digits
// (spaces, hyphens, apostrophes, full stops, control characters, emoji) made one space, with
// none at either end. It is total: any string, valid UTF-8 or not, folds without error.
func Fold(s string) string {
	if ascii(s) {
		return foldASCII(s)
	}
	return foldGeneral(s)
}

func foldGeneral(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range norm.NFD.String(strings.ToValidUTF8(s, " ")) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if m, ok := foldSpecial[r]; ok {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(m)
			continue
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// foldASCII is Fold for text without accents (most place names and queries), without the
// decomposition's allocations.
func foldASCII(s string) string {
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
