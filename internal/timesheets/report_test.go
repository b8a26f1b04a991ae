package timesheets_test

import (
	"context"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/timesheets"
)

// The timesheets report honours every filter of the report request that applies: jobs (the job
// template of the timesheet's booking), departments, clients, users and the dates each narrow
// the rows; another client's manager naming client A's job gets no row, a freelancer no report.
func TestTimesheetsReportFilters(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db) // Cup Final in department A1 on 2027-03-10
		derby := orgtest.JobTemplateOf(t, db, f.w.DeptA2, "Derby", orgtest.Shift{Title: "Sound", Start: "09:00",
			End: "17:00", Buy: 30000, Sell: 40000})
		b := orgtest.Book(t, f.s, apptest.Manager, derby, []string{"2027-03-11"}, f.user)
		databasetest.Exec(t, db, `UPDATE instructions SET supplier_status = 'accepted', client_status = 'accepted'
			WHERE id = ?`, b.Instruction(t, 0, f.user))
		cup := databasetest.Select[int64](t, db, `SELECT id FROM job_templates WHERE title = 'Cup Final'`)[0]
		f.clk.Set(time.Date(2027, 3, 12, 9, 0, 0, 0, time.UTC))
		if n, err := timesheets.CreateDue(context.Background(), db); err != nil || n != 2 {
			t.Fatalf("created %d, %v", n, err)
		}

		jobs := func(role string, filter map[string]any) []string {
			t.Helper()
			body := map[string]any{"reportType": "timesheets", "startDate": "2027-03-01", "endDate": "2027-03-31"}
			for k, v := range filter {
				body[k] = v
			}
			res := f.as(role).Do("POST", "/administration/report", body).Want(200)
			rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(res.Body), "\ufeff"))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows[1:] {
				out = append(out, r[6]) // Job
			}
			return out
		}
		for _, c := range []struct {
			name   string
			filter map[string]any
			want   string
		}{
			{"none", nil, "Cup Final,Derby"},
			{"jobIds", map[string]any{"jobIds": []int64{derby}}, "Derby"},
			{"jobIds, both", map[string]any{"jobIds": []int64{cup, derby}}, "Cup Final,Derby"},
			{"departmentIds", map[string]any{"departmentIds": []int64{f.w.DeptA1}}, "Cup Final"},
			{"clientIds", map[string]any{"clientIds": []int64{f.w.ClientA}, "jobIds": []int64{cup}}, "Cup Final"},
			{"userIds", map[string]any{"userIds": []int64{f.w.Users[apptest.Staff]}}, ""},
			{"dates", map[string]any{"startDate": "2027-03-11", "endDate": "2027-03-11"}, "Derby"},
		} {
			if got := strings.Join(jobs(apptest.Manager, c.filter), ","); got != c.want {
				t.Errorf("%s: rows of %q, want %q", c.name, got, c.want)
			}
		}
		// Another client's manager (staff manages client B) sees none of client A's, filtered or not.
		if got := jobs(apptest.Staff, map[string]any{"jobIds": []int64{cup, derby}}); len(got) != 0 {
			t.Errorf("another client's manager got %q", got)
		}
		f.as(apptest.Freelancer).Do("POST", "/administration/report", map[string]any{"reportType": "timesheets",
			"startDate": "2027-03-01", "endDate": "2027-03-31", "jobIds": []int64{cup}}).WantError(403, "A-102")
	})
}
