package reports

import (
	"bufio"
	"encoding/csv"
	"io"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/textsafe"
)

// BOM starts every report so that Excel reads it as UTF-8 (accents in names survive).
const BOM = "\ufeff"

// chunk is how much of a report is gathered before it goes to the response.
const chunk = 32 << 10

// neutralise makes a text cell safe to open in a spreadsheet, and to read back unchanged:
// textsafe.CSVText (line breaks as LF, a leading quote before a formula). Cells Hive writes
// from numbers (money, hours, counts) and dates are left alone, so a negative margin stays a
// number a spreadsheet can add up; they cannot hold anything a person typed.
func neutralise(k kind, cell string) string {
	if k == kindText {
		return textsafe.CSVText(cell)
	}
	return cell
}

// export writes a report to w: the byte-order mark, the header, then each row as the source
// hands it over, through encoding/csv (RFC 4180: quotes, commas and line breaks escaped by the
// library, CRLF line ends). Rows are written as they arrive and never gathered: they reach w
// in chunks of 32 KiB, so nothing reaches w before the first chunk fills (an error before then
// can still be answered as an error).
func export[R any](w io.Writer, p *auth.Principal, all []column[R], rows func(each func(*R) error) error) error {
	cols := columnsFor(p, all)
	bw := bufio.NewWriterSize(w, chunk)
	if _, err := bw.WriteString(BOM); err != nil {
		return err
	}
	cw := csv.NewWriter(bw)
	cw.UseCRLF = true
	record := make([]string, len(cols))
	for i, c := range cols {
		record[i] = c.title
	}
	if err := cw.Write(record); err != nil {
		return err
	}
	err := rows(func(r *R) error {
		for i, c := range cols {
			record[i] = neutralise(c.kind, c.cell(r))
		}
		return cw.Write(record)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// header is the titles of a report's columns as p receives them (for tests and docs).
func header[R any](p *auth.Principal, all []column[R]) []string {
	cols := columnsFor(p, all)
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.title
	}
	return out
}
