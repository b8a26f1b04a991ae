package reports

import (
	"bytes"
	"encoding/csv"
	"errors"
	"slices"
	"testing"

	"github.com/hive/hive/internal/platform/auth"
)

var admin = &auth.Principal{UserID: 1, Needs: auth.NeedSet{auth.NeedAdmin: {}}}

type cellRow struct{ text, money string }

var cellColumns = []column[cellRow]{
	{title: "Text", cell: func(r *cellRow) string { return r.text }},
	{title: "Money", kind: kindMoney, cell: func(r *cellRow) string { return r.money }},
}

func exportRows(t *testing.T, rows ...cellRow) []byte {
	t.Helper()
	var b bytes.Buffer
	err := export(&b, admin, cellColumns, func(fn func(*cellRow) error) error {
		for i := range rows {
			if err := fn(&rows[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestFormulaCellsAreNeutralised(t *testing.T) {
	out := exportRows(t,
		cellRow{"=HYPERLINK(\"http://x\")", "-50.00"}, cellRow{"+1", "12.50"}, cellRow{"-2+3", "0.00"},
		cellRow{"@SUM(A1)", "1.00"}, cellRow{"\tTab", "1.00"}, cellRow{"\rCR", "1.00"}, cellRow{"Zoë, \"the\" best\nline", "2.00"},
		cellRow{"", "3.00"})
	if !bytes.HasPrefix(out, []byte("\xef\xbb\xbf")) {
		t.Fatalf("no UTF-8 byte-order mark: %q", out[:6])
	}
	records, err := csv.NewReader(bytes.NewReader(out[3:])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"Text", "Money"},
		{"'=HYPERLINK(\"http://x\")", "-50.00"},                                                           // a negative amount stays a number
		{"'+1", "12.50"}, {"'-2+3", "0.00"}, {"'@SUM(A1)", "1.00"}, {"'\tTab", "1.00"}, {"'\nCR", "1.00"}, // a CR is a line break, kept as LF
		{"Zoë, \"the\" best\nline", "2.00"}, {"", "3.00"}}
	for i := range want {
		if i >= len(records) || !slices.Equal(records[i], want[i]) {
			t.Fatalf("records %q, want %q", records, want)
		}
	}
	// RFC 4180 through the library: quoted fields, doubled quotes, CRLF line ends.
	if !bytes.Contains(out, []byte("\"Zoë, \"\"the\"\" best\r\nline\",2.00\r\n")) {
		t.Errorf("quoting: %q", out)
	}
}

func TestNothingIsWrittenBeforeTheFirstChunkFills(t *testing.T) {
	// An error before any byte has gone out can still be answered as an error (http.go).
	var b bytes.Buffer
	boom := errors.New("boom")
	err := export(&b, admin, cellColumns, func(fn func(*cellRow) error) error {
		if err := fn(&cellRow{"a", "1.00"}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) || b.Len() != 0 {
		t.Errorf("err %v, %d bytes written", err, b.Len())
	}
}

func TestFigures(t *testing.T) {
	if hours(540) != "9.00" || hours(450) != "7.50" || hours(20) != "0.33" || money(-5000) != "-50.00" {
		t.Error("hours or money")
	}
	if margin(25000, 30000, "GBP", "GBP") != "-50.00" || margin(25000, 20000, "EUR", "GBP") != "" {
		t.Error("margin")
	}
	for _, c := range [][3]string{{"accepted", "accepted", "Confirmed"}, {"accepted", "awaiting_response", "Awaiting client"},
		{"awaiting_response", "awaiting_response", "Awaiting response"}, {"rejected", "awaiting_response", "Rejected"},
		{"accepted", "cancelled", "Cancelled"}, {"unknown", "unknown", "Unknown"}} {
		if got := statusLabel(c[0], c[1]); got != c[2] {
			t.Errorf("status %s/%s: %s, want %s", c[0], c[1], got, c[2])
		}
	}
}

func TestRequestRules(t *testing.T) {
	r := Request{ReportType: Bookings, StartDate: "2026-11-01", EndDate: "2026-11-25"}
	if r.Check() != nil || r.FileName() != "2026-11-01-2026-11-25-bookings.csv" {
		t.Errorf("check %v, name %s", r.Check(), r.FileName())
	}
	manager := &auth.Principal{Needs: auth.ComputeNeeds(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}}})}
	agency := &auth.Principal{Needs: auth.ComputeNeeds(auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 8, Kind: "agency", CanManage: true}}})}
	supplier := &auth.Principal{Needs: auth.ComputeNeeds(auth.UserFlags{IsFreelancer: true}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 9, Kind: "supplier", CanManage: true}}})}
	for _, typ := range Types {
		if !MayRun(admin, typ) || MayRun(supplier, typ) || MayRun(nil, typ) {
			t.Errorf("%s: admin runs it, a supplier's manager and a visitor do not", typ)
		}
		managers := typ == FinancialMetrics || typ == Timesheets || typ == Invoices
		if MayRun(manager, typ) != managers || MayRun(agency, typ) != managers {
			t.Errorf("%s: client and agency managers run Financial Metrics, Timesheets and Invoices only", typ)
		}
	}
	if f := FilterFor(manager, r); !f.Scope.None() {
		t.Errorf("a manager's scope is the departments they manage (none in these needs): %+v", f)
	}
}
