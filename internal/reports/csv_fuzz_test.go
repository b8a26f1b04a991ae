package reports

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/textsafe"
)

// FuzzCSVExport: whatever people typed, a report re-parses with encoding/csv into exactly the
// rows and cells Hive wrote, each text cell is the typed text with its line breaks as LF (and a
// leading quote when guarded), and no text cell starts with = + - @ tab or a line break, even
// after blanks. Money cells hold only Hive's numbers (a negative one starts with '-', and stays
// a number on purpose). `go test` runs the seeds.
func FuzzCSVExport(f *testing.F) {
	for _, s := range [][2]string{
		{"=HYPERLINK(\"http://x\")", "+1"}, {"-2+3", "@SUM(A1)"}, {"\tTab", "\rCR"}, {"a\r\nb", "a\rb"}, {"\n=1", " =1"},
		{"Zoë, \"the\" best\nline", ""}, {"\"", "\"\""}, {"a,b", "a;b"}, {"\u2028=1", "\x00=1"}, {"\xff\xfe", "caf\xc3"},
		{"\r\n", "\n\n"}, {" \t@x", "'=x"}, {"\ufeff=1", "=1\x00"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		rows := []cellRow{{a, "-12.50"}, {b, "0.00"}}
		out := exportRows(t, rows...)
		if !bytes.HasPrefix(out, []byte(BOM)) {
			t.Fatalf("no byte-order mark")
		}
		records, err := csv.NewReader(bytes.NewReader(out[len(BOM):])).ReadAll()
		if err != nil {
			t.Fatalf("%q and %q: the report does not parse: %v\n%q", a, b, err, out)
		}
		if len(records) != len(rows)+1 {
			t.Fatalf("%q and %q: %d records, want %d:\n%q", a, b, len(records), len(rows)+1, out)
		}
		for i, r := range rows {
			got := records[i+1]
			if len(got) != 2 || got[0] != textsafe.CSVText(r.text) || got[1] != r.money {
				t.Fatalf("row %d %q reads back as %q (wrote %q)", i, r.text, got, textsafe.CSVText(r.text))
			}
			if lines := textsafe.Lines(r.text); got[0] != lines && got[0] != "'"+lines {
				t.Fatalf("%q: cell %q is not the text", r.text, got[0])
			}
			cell := got[0]
			if cell != "" && strings.ContainsRune("=+-@\t\r\n", rune(cell[0])) {
				t.Fatalf("%q: cell %q starts a formula", r.text, cell)
			}
			if rest := strings.TrimLeft(cell, " \t\r\n"); rest != "" && rest != cell && strings.ContainsRune("=+-@", rune(rest[0])) {
				t.Fatalf("%q: cell %q starts a formula after blanks", r.text, cell)
			}
		}
	})
}
