package dashboard

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the dashboard's figures from its read model of the bookings tables (package facts),
// joined to departments, entities, job_templates and users for scope and names. Five set-based
// queries, run side by side, make every figure.
type Store struct{ DB *database.DB }

// ClientsOf lists the clients whose departments are among departments (a manager's clients).
func (s *Store) ClientsOf(ctx context.Context, departments []int64) ([]int64, error) {
	if len(departments) == 0 {
		return nil, nil
	}
	marks, args := database.In(departments)
	var ids []int64
	err := s.DB.Select(ctx, &ids, `SELECT DISTINCT client_id FROM departments WHERE id IN (`+marks+`) ORDER BY client_id`, args...)
	return ids, err
}

// scopeSQL is the condition that the facts' department column (f.department_id) is in scope,
// with its arguments; nothing for an administrator's whole view.
func scopeSQL(sc Scope) (string, []any) {
	conds, args := []string{"1 = 1"}, []any{}
	if !sc.Departments.All {
		cond, ids := sc.Departments.Condition("f.department_id")
		conds, args = append(conds, cond), append(args, ids...)
	}
	if len(sc.Clients) > 0 {
		marks, ids := database.In(sc.Clients)
		conds = append(conds, "f.department_id IN (SELECT id FROM departments WHERE client_id IN ("+marks+"))")
		args = append(args, ids...)
	}
	return strings.Join(conds, " AND "), args
}

// inRange is the condition that the facts f are dated in r, then in scope, with the arguments.
func inRange(sc Scope, r Range) (string, []any) {
	scope, args := scopeSQL(sc)
	return "f.local_date >= ? AND f.local_date <= ? AND " + scope, append([]any{r.StartDate(), r.EndDate()}, args...)
}

// Stats reads every figure of r in sc.
func (s *Store) Stats(ctx context.Context, sc Scope, r Range) (DashboardStats, error) {
	out := DashboardStats{StartDate: r.StartDate(), EndDate: r.EndDate(), SpendShown: sc.Admin,
		Money: []DashboardMoney{}, Jobs: []DashboardJob{}, Freelancers: []DashboardFreelancer{}}
	for _, c := range status.Colours {
		out.Colours = append(out.Colours, string(c))
	}
	var (
		placements []placementRow
		money      []moneyRow
		answers    []minuteCount
		people     []struct {
			ID    int64  `db:"user_id"`
			First string `db:"first_name"`
			Last  string `db:"last_name"`
			N     int    `db:"n"`
		}
	)
	reads := []func() error{
		func() error { return s.placements(ctx, sc, r, &placements) },
		func() error { return s.money(ctx, sc, r, &money) },
		func() error { return s.answers(ctx, sc, r, &answers) },
		func() error { return s.jobs(ctx, sc, r, &out.Jobs) },
		func() error { return s.freelancers(ctx, sc, r, &people) },
	}
	if err := database.InParallel(reads...); err != nil {
		return DashboardStats{}, err
	}
	out.Weeks, out.Fill = weeksOf(r, placements)
	out.Money = moneyOf(money, sc.Admin)
	out.Answers = answersOf(answers)
	for _, p := range people {
		out.Freelancers = append(out.Freelancers, DashboardFreelancer{UserID: p.ID, Name: auth.FullName(p.First, p.Last), Accepted: p.N})
	}
	return out, nil
}

// placements counts the live placements of each day by the rank of their worst instruction's
// colour and whether one instruction is accepted by both sides.
func (s *Store) placements(ctx context.Context, sc Scope, r Range, dst *[]placementRow) error {
	where, args := inRange(sc, r)
	err := s.DB.Select(ctx, dst, `SELECT f.local_date AS day, f.worst_rank AS worst, f.filled, COUNT(*) AS n
		FROM dashboard_placements f WHERE `+where+` GROUP BY f.local_date, f.worst_rank, f.filled`, args...)
	if err != nil {
		return fmt.Errorf("dashboard placements: %w", err)
	}
	return nil
}

// money sums the rates of the instructions whose money counts (status.PlacementCounts:
// confirmed, or their placement's pipeline) per count, client and pair of sell and buy currency
// and period, and each rate times its placement's paid minutes (Amount turns the sums into
// money). They are summed per department first, so the departments and entities are joined once
// per department, not once per instruction.
func (s *Store) money(ctx context.Context, sc Scope, r Range, dst *[]moneyRow) error {
	where, args := inRange(sc, r)
	err := s.DB.Select(ctx, dst, `SELECT g.counted, e.id AS client_id, e.name AS client_name, g.sell_currency,
		g.sell_period, g.buy_currency, g.buy_period, CAST(SUM(g.sell) AS DOUBLE PRECISION) AS sell_sum,
		CAST(SUM(g.sell_minutes) AS DOUBLE PRECISION) AS sell_minutes, CAST(SUM(g.buy) AS DOUBLE PRECISION) AS buy_sum,
		CAST(SUM(g.buy_minutes) AS DOUBLE PRECISION) AS buy_minutes
		FROM (SELECT f.counted, f.department_id, f.sell_currency, f.sell_period, f.buy_currency, f.buy_period,
				SUM(f.sell_rate_minor) AS sell, SUM(f.buy_rate_minor) AS buy,
				SUM(CASE WHEN f.sell_period = 'hour' THEN f.sell_rate_minor * f.paid_minutes ELSE 0 END) AS sell_minutes,
				SUM(CASE WHEN f.buy_period = 'hour' THEN f.buy_rate_minor * f.paid_minutes ELSE 0 END) AS buy_minutes
			FROM dashboard_instructions f WHERE f.counted IN ('`+string(status.CountConfirmed)+`', '`+
		string(status.CountPipeline)+`') AND `+where+`
			GROUP BY f.counted, f.sell_currency, f.sell_period, f.buy_currency, f.buy_period, f.department_id) g
		JOIN departments d ON d.id = g.department_id JOIN entities e ON e.id = d.client_id
		GROUP BY g.counted, e.id, e.name, g.sell_currency, g.sell_period, g.buy_currency, g.buy_period`, args...)
	if err != nil {
		return fmt.Errorf("dashboard money: %w", err)
	}
	return nil
}

// answers counts the offers answered per minute from offer to answer (facts: answer_minute);
// answersOf finds the median in the counts.
func (s *Store) answers(ctx context.Context, sc Scope, r Range, dst *[]minuteCount) error {
	where, args := inRange(sc, r)
	err := s.DB.Select(ctx, dst, `SELECT CAST(f.answer_minute AS DOUBLE PRECISION) AS minute, COUNT(*) AS n
		FROM dashboard_instructions f WHERE f.answer_minute IS NOT NULL AND `+where+` GROUP BY f.answer_minute`, args...)
	if err != nil {
		return fmt.Errorf("dashboard answers: %w", err)
	}
	return nil
}

// jobs lists the job titles with the most live placements.
func (s *Store) jobs(ctx context.Context, sc Scope, r Range, dst *[]DashboardJob) error {
	where, args := inRange(sc, r)
	var rows []struct {
		ID    *int64  `db:"job_template_id"`
		Title *string `db:"title"`
		N     int     `db:"n"`
	}
	err := s.DB.Select(ctx, &rows, `SELECT g.job_template_id, jt.title, g.n
		FROM (SELECT f.job_template_id, COUNT(*) AS n FROM dashboard_placements f WHERE `+where+`
			GROUP BY f.job_template_id) g
		LEFT JOIN job_templates jt ON jt.id = g.job_template_id
		ORDER BY g.n DESC, jt.title, g.job_template_id LIMIT `+strconv.Itoa(TopN), args...)
	if err != nil {
		return fmt.Errorf("dashboard jobs: %w", err)
	}
	for _, row := range rows {
		j := DashboardJob{JobTemplateID: row.ID, Placements: row.N}
		if row.Title != nil {
			j.Title = *row.Title
		}
		*dst = append(*dst, j)
	}
	return nil
}

// freelancers lists the freelancers with the most instructions accepted by both sides.
func (s *Store) freelancers(ctx context.Context, sc Scope, r Range, dst any) error {
	where, args := inRange(sc, r)
	err := s.DB.Select(ctx, dst, `SELECT t.user_id, u.first_name, u.last_name, t.n FROM (
			SELECT f.user_id, COUNT(*) AS n FROM dashboard_instructions f WHERE f.green = 1 AND `+where+`
			GROUP BY f.user_id ORDER BY n DESC, f.user_id LIMIT `+strconv.Itoa(TopN)+`) t
		JOIN users u ON u.id = t.user_id ORDER BY t.n DESC, t.user_id`, args...)
	if err != nil {
		return fmt.Errorf("dashboard freelancers: %w", err)
	}
	return nil
}
