package reports_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/reports"
)

// postReport posts a report request as c to the Hive at base and returns the answer unread, so
// the caller sees it stream (apptest's Do reads the whole body).
func postReport(tb testing.TB, base string, c *apptest.Client, body []byte) *http.Response {
	tb.Helper()
	req, err := http.NewRequest("POST", base+httpapi.Prefix+"/administration/report", bytes.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(httpapi.CSRFHeader, c.CSRF)
	res, err := c.HTTP.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// TestAFailedExportNeverLooksWhole makes a row of the Financial Metrics report unreadable (SQLite
// keeps the text 'x' in an integer column the report reads, unpaid breaks; PostgreSQL refuses
// it, so this runs on SQLite only). When that row comes first, nothing has gone out and the
// answer is an ordinary error; when it comes last, after the first chunks went out, the
// connection is cut and the client's read fails instead of ending in a short file that looks
// whole.
func TestAFailedExportNeverLooksWhole(t *testing.T) {
	db := databasetest.SQLite(t)
	s := apptest.Start(t, db)
	reports.Fill(t, db, 3000)
	admin := s.As(apptest.Admin)
	post := func() (*http.Response, []byte, error) {
		body, _ := json.Marshal(map[string]any{"reportType": "financialMetrics", "startDate": "2026-10-01", "endDate": "2026-10-31"})
		res := postReport(t, s.URL, admin, body)
		defer res.Body.Close()
		data, err := io.ReadAll(res.Body)
		return res, data, err
	}

	databasetest.Exec(t, db, `UPDATE placements SET unpaid_breaks = 'x' WHERE id = (SELECT MIN(id) FROM placements)`)
	res, data, err := post()
	if err != nil || res.StatusCode != 500 || !strings.Contains(string(data), `"errorCode"`) {
		t.Fatalf("first row unreadable: %v %d %.200s", err, res.StatusCode, data)
	}

	databasetest.Exec(t, db, `UPDATE placements SET unpaid_breaks = 0`)
	databasetest.Exec(t, db, `UPDATE placements SET unpaid_breaks = 'x' WHERE id = (SELECT MAX(id) FROM placements)`)
	res, data, err = post()
	if res.StatusCode != 200 || err == nil || len(data) < 32<<10 {
		t.Fatalf("last row unreadable: status %d, %d bytes read, read error %v", res.StatusCode, len(data), err)
	}

	databasetest.Exec(t, db, `UPDATE placements SET unpaid_breaks = 0`)
	res, data, err = post()
	if err != nil || res.StatusCode != 200 || bytes.Count(data, []byte("\r\n")) != 3001 {
		t.Fatalf("all readable: %v %d, %d lines", err, res.StatusCode, bytes.Count(data, []byte("\r\n")))
	}
}
