package jobs

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/database"
)

// demoTemplate is a demo job template of a client's department.
type demoTemplate struct {
	client, department, title string
	placements                []demoPlacement
}

type demoPlacement struct {
	title, start, end string
	breaks            int
	buy, sell         int64 // minor units a day
}

var demoTemplates = []demoTemplate{
	{"Northbridge Broadcasting", "Sport", "Premier League Football", []demoPlacement{
		{"Camera Operator", "08:00", "18:00", 60, 28000, 35000},
		{"Sound Supervisor", "08:00", "18:00", 60, 30000, 38000},
		{"VT Editor", "14:00", "23:00", 30, 26000, 32000},
		{"Overnight Transmission", "22:00", "06:00", 30, 32000, 40000},
	}},
	{"Northbridge Broadcasting", "News", "Evening News", []demoPlacement{
		{"Studio Director", "15:00", "23:00", 30, 30000, 37500},
		{"Autocue Operator", "16:00", "22:30", 30, 18000, 22500},
	}},
	// What the agency Pinnacle Talent books for Harbour Studios (organisation demo, agencyLinks).
	{"Harbour Studios", "Factual", "Documentary Shoot", []demoPlacement{
		{"Camera Operator", "08:00", "18:00", 60, 24000, 30000},
		{"Sound Recordist", "08:00", "18:00", 60, 22000, 27500},
	}},
}

// SeedDemo adds the demo job templates to their clients' departments, with the demo
// freelancer Felix Reid and the first three generated demo freelancers (when seeded and the
// department may hire them) as preferred. Templates that exist are left alone.
func SeedDemo(ctx context.Context, db *database.DB) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		for _, t := range demoTemplates {
			var dept int64
			if err := tx.Get(ctx, &dept, `SELECT d.id FROM departments d JOIN entities e ON e.id = d.client_id
				WHERE e.name = ? AND d.name = ?`, t.client, t.department); err != nil {
				return err
			}
			var exists bool
			if err := tx.Get(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM job_templates WHERE department_id = ? AND title_lc = ?)`,
				dept, strings.ToLower(t.title)); err != nil || exists {
				return err
			}
			var id int64
			if err := tx.Get(ctx, &id, `INSERT INTO job_templates (department_id, title, title_lc, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?) RETURNING id`, dept, t.title, strings.ToLower(t.title), tx.Now, tx.Now); err != nil {
				return err
			}
			for i, p := range t.placements {
				if _, err := tx.Exec(ctx, `INSERT INTO placement_templates (job_template_id, position, title, start_time, end_time,
					unpaid_breaks, buy_rate_minor, sell_rate_minor, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
					id, i, p.title, p.start, p.end, p.breaks, p.buy, p.sell, tx.Now, tx.Now); err != nil {
					return err
				}
			}
			// Only those the department may hire (HireRule), as the API allows.
			if _, err := tx.Exec(ctx, `INSERT INTO job_template_preferred_users (job_template_id, user_id, created_at)
				SELECT ?, u.id, ? FROM users u JOIN user_department_refs r ON r.user_id = u.id AND r.department_id = ?
				WHERE (u.email_lc = 'freelancer@hive.test' OR u.id IN
				(SELECT id FROM users WHERE email_lc LIKE '%@demo.hive.test' ORDER BY id LIMIT 3)) AND `+access.HireRule("r", "u"),
				append([]any{id, tx.Now, dept}, access.HireableStatuses...)...); err != nil {
				return err
			}
		}
		return nil
	})
}
