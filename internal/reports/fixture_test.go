package reports_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/reports"
)

// world is the fixed data set of the report tests: orgtest's world with a 'Cup Final' booking
// in each of departments News (client Alpha) and Drama (client Beta), the freelancer Felix
// (renamed Zoë, to test accents) granted to both shifts of each.
//
//   - Alpha, 2026-10-24, reference '=1+2' (a formula): Shift 1 09:00–17:00 at 20.00/30.00 an
//     hour, confirmed; Shift 2 22:00–06:00 over the clock change (9 hours), buying 300.00 and
//     selling 250.00 a day (a negative margin), supplier accepted.
//   - Beta, 2026-10-26, reference 'B-7': Shift 1 at the template's 200.00/250.00 a day,
//     cancelled by the client; Shift 2 selling in EUR (no margin), awaiting both sides.
//   - Alpha's instructions came through the supplier Gamma Facilities; every record was created
//     on 2026-01-02.
type world struct {
	orgtest.World
	s                  *apptest.Server
	db                 *database.DB
	bookingA, bookingB int64
}

// worldEngines runs test once per database engine, on a Hive holding the world.
func worldEngines(t *testing.T, test func(t *testing.T, w world)) {
	t.Helper()
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, ow orgtest.World) {
		test(t, build(t, s, db, ow))
	})
}

func build(t *testing.T, s *apptest.Server, db *database.DB, ow orgtest.World) world {
	t.Helper()
	w := world{World: ow, s: s, db: db}
	felix := w.Users["freelancer"]
	orgtest.Hire(t, db, w.DeptA1, felix)
	orgtest.Hire(t, db, w.DeptB1, felix)
	w.bookingA = book(t, s, orgtest.JobTemplate(t, db, w.DeptA1), "2026-10-24", felix)
	w.bookingB = book(t, s, orgtest.JobTemplate(t, db, w.DeptB1), "2026-10-26", felix)
	databasetest.Exec(t, db, `UPDATE users SET first_name = 'Zoë' WHERE id = ?`, felix)
	databasetest.Exec(t, db, `UPDATE bookings SET reference = '=1+2' WHERE id = ?`, w.bookingA)
	databasetest.Exec(t, db, `UPDATE bookings SET reference = 'B-7' WHERE id = ?`, w.bookingB)
	shift := func(booking int64, title string) int64 {
		return databasetest.Get[int64](t, db, `SELECT i.id FROM instructions i JOIN placements p ON p.id = i.placement_id
			WHERE p.booking_id = ? AND p.title = ?`, booking, title)
	}
	databasetest.Exec(t, db, `UPDATE instructions SET buy_rate_minor = 2000, buy_period = 'hour', sell_rate_minor = 3000,
		sell_period = 'hour', supplier_status = 'accepted', client_status = 'accepted' WHERE id = ?`, shift(w.bookingA, "Shift 1"))
	databasetest.Exec(t, db, `UPDATE instructions SET buy_rate_minor = 30000, supplier_status = 'accepted' WHERE id = ?`,
		shift(w.bookingA, "Shift 2"))
	databasetest.Exec(t, db, `UPDATE instructions SET client_status = 'cancelled', cancellation_reason = 'Other'
		WHERE id = ?`, shift(w.bookingB, "Shift 1"))
	databasetest.Exec(t, db, `UPDATE instructions SET sell_currency = 'EUR' WHERE id = ?`, shift(w.bookingB, "Shift 2"))
	databasetest.Exec(t, db, `UPDATE instructions SET supplier_id = ? WHERE booking_id = ?`, w.Supplier, w.bookingA)
	created := time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)
	databasetest.Exec(t, db, `UPDATE entities SET created_at = ?`, created)
	databasetest.Exec(t, db, `UPDATE job_templates SET created_at = ?`, created)
	databasetest.Exec(t, db, `UPDATE users SET created_at = ?`, created)
	return w
}

// book creates a booking of job template jt on date as the administrator and grants the
// freelancer to its placements.
func book(t *testing.T, s *apptest.Server, jt int64, date string, freelancer int64) int64 {
	t.Helper()
	var b struct {
		ID         int64
		Placements []struct{ ID int64 }
	}
	s.As(apptest.Admin).Do("POST", "/booking", map[string]any{"jobTemplateId": jt, "dates": []string{date},
		"periodType": "custom"}).Want(201).Decode(&b)
	ids := []int64{}
	for _, p := range b.Placements {
		ids = append(ids, p.ID)
	}
	s.As(apptest.Admin).Do("POST", fmt.Sprintf("/placement/%d/grant", ids[0]),
		map[string]any{"userId": freelancer, "placementIds": ids}).Want(200)
	return b.ID
}

// request is a report request over the fixture's month.
func request(t reports.Type, extra ...any) map[string]any {
	body := map[string]any{"reportType": string(t), "startDate": "2026-10-01", "endDate": "2026-10-31"}
	for i := 0; i+1 < len(extra); i += 2 {
		body[extra[i].(string)] = extra[i+1]
	}
	return body
}

// run exports a report as role and parses it, checking the response's headers and BOM.
func (w world) run(t *testing.T, role string, body map[string]any) [][]string {
	t.Helper()
	res := w.s.As(role).Do("POST", "/administration/report", body).Want(200)
	if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("content type %q", ct)
	}
	want := fmt.Sprintf(`attachment; filename="%s-%s-%s.csv"`, body["startDate"], body["endDate"], body["reportType"])
	if cd := res.Header.Get("Content-Disposition"); cd != want {
		t.Errorf("content disposition %q, want %q", cd, want)
	}
	if !bytes.HasPrefix(res.Body, []byte(reports.BOM)) {
		t.Fatalf("no byte-order mark: %q", res.Body[:min(len(res.Body), 20)])
	}
	if !bytes.Contains(res.Body, []byte("\r\n")) {
		t.Errorf("lines end without CRLF")
	}
	records, err := csv.NewReader(bytes.NewReader(res.Body[len(reports.BOM):])).ReadAll()
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, res.Body)
	}
	return records
}
