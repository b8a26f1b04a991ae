// Package textsafe makes user-written text safe to place in line-based formats (iCalendar,
// CSV), where a line break the format does not expect starts a new record. Every such output
// passes its text through here, so there is one definition of what a line break is.
package textsafe

import (
	"strings"
	"unicode"
)

// isBreak reports the characters some reader somewhere treats as the end of a line: CR and LF,
// vertical tab and form feed, NEL, and the Unicode line and paragraph separators.
func isBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// Lines returns s with every line break (CRLF, CR, LF, VT, FF, NEL, U+2028, U+2029) turned into
// a single LF, which the format's own encoder then escapes, and with the other control
// characters (tab aside) dropped: iCalendar TEXT may not carry them and no reader needs them.
func Lines(s string) string {
	if plain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prevCR := false
	for _, r := range s {
		switch {
		case r == '\n' && prevCR:
			// the LF of a CRLF: already written
		case isBreak(r):
			b.WriteByte('\n')
		case r == '\t' || !unicode.IsControl(r):
			b.WriteRune(r)
		}
		prevCR = r == '\r'
	}
	return b.String()
}

// Line returns s on one line: each line break (as Lines) becomes a space.
func Line(s string) string {
	return strings.ReplaceAll(Lines(s), "\n", " ")
}

// CSVCell returns s as a spreadsheet-safe CSV cell on one line (see CSVText).
func CSVCell(s string) string { return guardFormula(Line(s)) }

// CSVText returns s as a spreadsheet-safe CSV cell that keeps its line breaks, each as one LF
// (encoding/csv quotes the cell and writes it as CRLF, and reading it back gives the same LF;
// a CR of its own would be dropped on the way, changing the text). The cell starts with a
// quote when it would otherwise start with a character a spreadsheet reads as a formula or
// hides one behind (=, +, -, @, tab, line break), or does so after blanks (OWASP "CSV
// injection"). Quoting the cell is left to encoding/csv.
func CSVText(s string) string { return guardFormula(Lines(s)) }

// guardFormula puts a quote before s when a spreadsheet could read it as a formula.
func guardFormula(s string) string {
	if s == "" {
		return s
	}
	if strings.ContainsRune("=+-@\t\n", rune(s[0])) {
		return "'" + s
	}
	if rest := strings.TrimLeft(s, " \t\n"); rest != "" && strings.ContainsRune("=+-@", rune(rest[0])) {
		return "'" + s
	}
	return s
}

// plain reports whether s is printable ASCII and tabs only, which Lines keeps as it is: most
// cells of a report, so they are not copied rune by rune.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < ' ' && c != '\t') || c > '~' {
			return false
		}
	}
	return true
}
