package index

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hive/hive/internal/platform/textfold"
)

// The text rules of the index, shared by the writer (documents) and the reader (queries), so
// a word is folded the same way on both sides and on both engines (textfold, as the places
// gazetteer folds).

// MaxTermRunes caps a term; longer words are cut (a query word is cut the same way).
const MaxTermRunes = 40

// MinTypoRunes is the shortest query word that tolerates one typo (spec: five letters or more).
const MinTypoRunes = 5

// KeyPrefix marks an exact key term (a whole e-mail address, booking reference, company number
// or legacy job id). It sorts before every letter and digit, so a word's prefix range never
// reaches a key.
const KeyPrefix = "="

// Words splits s into folded words (textfold.Words), each cut to MaxTermRunes.
func Words(s string) []string {
	words := textfold.Words(s)
	for i, w := range words {
		words[i] = cut(w)
	}
	return words
}

// Key is the exact key term of s: folded, trimmed, inner spaces collapsed.
func Key(s string) string {
	k := strings.Join(strings.Fields(textfold.Fold(s)), " ")
	if k == "" {
		return ""
	}
	if utf8.RuneCountInString(k) > 200 {
		return ""
	}
	return KeyPrefix + k
}

func cut(w string) string {
	if utf8.RuneCountInString(w) <= MaxTermRunes {
		return w
	}
	return string([]rune(w)[:MaxTermRunes])
}

// Deletes returns w and every string made by removing one rune of w (SymSpell's deletion
// variants at distance 1), without repeats. Two words within one edit (insertion, deletion,
// substitution or adjacent transposition) always share a variant.
func Deletes(w string) []string {
	rs := []rune(w)
	out := []string{w}
	seen := map[string]bool{w: true}
	for i := range rs {
		v := string(rs[:i]) + string(rs[i+1:])
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// WithinOne reports whether a and b are at most one edit apart (insertion, deletion,
// substitution, or a transposition of two neighbours).
func WithinOne(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) < len(y) {
		x, y = y, x
	}
	switch len(x) - len(y) {
	case 0:
		diff := -1
		for i := range x {
			if x[i] == y[i] {
				continue
			}
			if diff >= 0 {
				// a second difference: only a transposition of neighbours is allowed
				return diff == i-1 && x[diff] == y[i] && x[i] == y[diff] && string(x[i+1:]) == string(y[i+1:])
			}
			diff = i
		}
		return true
	case 1:
		i := 0
		for i < len(y) && x[i] == y[i] {
			i++
		}
		return string(x[i+1:]) == string(y[i:])
	default:
		return false
	}
}

// Typoable reports whether the one-typo rule may reach term: a word of letters only (a
// number or a code with digits must be typed right) of MinTypoRunes-1 runes or more (a query
// word of five letters may lose one).
func Typoable(term string) bool {
	if strings.HasPrefix(term, KeyPrefix) || utf8.RuneCountInString(term) < MinTypoRunes-1 {
		return false
	}
	for _, r := range term {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// PrefixEnd is the first string after every string that starts with p (for a range scan
// term >= p AND term < PrefixEnd(p) on a byte-ordered column).
func PrefixEnd(p string) string { return p + string(rune(utf8.MaxRune)) }
