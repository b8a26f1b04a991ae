package textsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLines(t *testing.T) {
	cases := map[string]string{
		"plain":                            "plain",
		"a\r\nb":                           "a\nb",
		"a\rBEGIN:VEVENT":                  "a\nBEGIN:VEVENT",
		"a\n\nb":                           "a\n\nb",
		"a\r\rb":                           "a\n\nb",
		"a\u2028b\u2029c\u0085d\ve\ff":     "a\nb\nc\nd\ne\nf",
		"tab\tkept, bell\a and nul\x00 go": "tab\tkept, bell and nul go",
		"ünïcødé ✓":                        "ünïcødé ✓",
		"del\x7f and bad \xff byte":        "del and bad \ufffd byte",
	}
	checkAll(t, "Lines", Lines, cases)
	if got := Line("Title\r\nBEGIN:VEVENT"); got != "Title BEGIN:VEVENT" {
		t.Errorf("Line = %q", got)
	}
}

// TestAttack_CSVCellNeutralisesFormulasAndLineBreaks: a cell cannot run a formula in a
// spreadsheet or start a new row.
func TestAttack_CSVCellNeutralisesFormulasAndLineBreaks(t *testing.T) {
	cases := map[string]string{
		"=HYPERLINK(\"http://evil\")": "'=HYPERLINK(\"http://evil\")",
		"+1+1":                        "'+1+1",
		"-2":                          "'-2",
		"@SUM(A1)":                    "'@SUM(A1)",
		"\t=1":                        "'\t=1",
		"\r=1":                        "' =1",
		" \t-1":                       "' \t-1",
		"note\nnext,row":              "note next,row",
		"ordinary":                    "ordinary",
		"":                            "",
	}
	checkAll(t, "CSVCell", CSVCell, cases)
	// CSVText keeps the line breaks, as one LF each, and guards a cell that starts with one.
	checkAll(t, "CSVText", CSVText, map[string]string{
		"note\r\nnext,row": "note\nnext,row", "a\rb": "a\nb", "\n=1": "'\n=1", "\rx": "'\nx", "\tTab": "'\tTab",
		" =1": "' =1", "ordinary": "ordinary", "": "",
	})
}

// checkAll checks that fn, named name, turns each input of cases into its output.
func checkAll(t *testing.T, name string, fn func(string) string, cases map[string]string) {
	t.Helper()
	for in, want := range cases {
		if got := fn(in); got != want {
			t.Errorf("%s(%q) = %q, want %q", name, in, got, want)
		}
	}
}

func FuzzLines(f *testing.F) {
	for _, seed := range []string{"", "a\r\nb", "x\rBEGIN:VEVENT\r\nEND:VEVENT", "\u2028\u2029\u0085",
		"\r\r\n\n", "=cmd|' /C calc'!A0", "ünï\x00cødé", "\xff\xfe broken utf-8", "\x00+0"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Lines(s)
		if strings.ContainsAny(out, "\r\v\f\u0085\u2028\u2029") {
			t.Errorf("Lines(%q) = %q keeps a line break other than LF", s, out)
		}
		for _, r := range out {
			if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
				t.Errorf("Lines(%q) = %q keeps control %U", s, out, r)
			}
		}
		if Lines(out) != out {
			t.Errorf("Lines is not idempotent on %q", s)
		}
		if utf8.ValidString(s) && !utf8.ValidString(out) {
			t.Errorf("Lines(%q) broke UTF-8", s)
		}
		if one := Line(s); strings.ContainsRune(one, '\n') {
			t.Errorf("Line(%q) = %q spans lines", s, one)
		}
		if cell := strings.TrimLeft(CSVCell(s), " \t"); cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
			t.Errorf("CSVCell(%q) = %q starts a formula", s, cell)
		}
	})
}
