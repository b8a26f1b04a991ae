package dashboard

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the dashboard's figures. It is a read model over the bookings tables (placements,
// instructions, bookings, booking_events), joined to departments, entities, job_templates and
// users for scope and names: the exception docs/architecture.md lists. Five set-based queries,
// run side by side, make every figure.
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

// scopeSQL is the condition on bookings b of scope, with its arguments.
func scopeSQL(sc Scope) (string, []any) {
	conds, args := []string{"1 = 1"}, []any{}
	if !sc.All {
		marks, ids := database.In(sc.Departments)
		conds, args = append(conds, "b.department_id IN ("+marks+")"), append(args, ids...)
	}
	if len(sc.Clients) > 0 {
		marks, ids := database.In(sc.Clients)
		conds = append(conds, "b.department_id IN (SELECT id FROM departments WHERE client_id IN ("+marks+"))")
		args = append(args, ids...)
	}
	return strings.Join(conds, " AND "), args
}

// inScope is the condition that column (a booking id) is one of scope's bookings; nothing for
// an administrator's whole view, so those reads join no bookings at all.
func inScope(column string, sc Scope) (string, []any) {
	if sc.All && len(sc.Clients) == 0 {
		return "1 = 1", nil
	}
	cond, args := scopeSQL(sc)
	return column + " IN (SELECT b.id FROM bookings b WHERE " + cond + ")", args
}

// quote is a status literal for generated SQL; statuses are the package's own constants.
func quote(s status.Status) string { return "'" + strings.ReplaceAll(string(s), "'", "''") + "'" }

// pairsSQL is true for a live instruction i whose (supplier, client) statuses are among pairs.
func pairsSQL(pairs []pair) string {
	bySupplier := map[status.Status][]string{}
	var order []status.Status
	for _, p := range pairs {
		if _, ok := bySupplier[p.Supplier]; !ok {
			order = append(order, p.Supplier)
		}
		bySupplier[p.Supplier] = append(bySupplier[p.Supplier], quote(p.Client))
	}
	var ors []string
	for _, s := range order {
		ors = append(ors, "(i.supplier_status = "+quote(s)+" AND i.client_status IN ("+strings.Join(bySupplier[s], ", ")+"))")
	}
	if len(ors) == 0 {
		return "FALSE"
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

// rankSQL is the rank (rankedColours) of instruction i's colour, status.ColourOf written as a
// CASE over every status pair; a placement without instructions (i.id NULL) has emptyColour.
func rankSQL() string {
	pairs := pairsOf()
	var sb strings.Builder
	sb.WriteString("CASE WHEN i.id IS NULL THEN " + strconv.Itoa(rankOf(emptyColour)))
	sb.WriteString(" WHEN i.deleted_at IS NOT NULL THEN " + strconv.Itoa(rankOf(deletedColour)))
	for _, c := range rankedColours() {
		if len(pairs[c]) > 0 {
			sb.WriteString(" WHEN " + pairsSQL(pairs[c]) + " THEN " + strconv.Itoa(rankOf(c)))
		}
	}
	other := status.ColourOf(status.State{Supplier: "", Client: ""})
	sb.WriteString(" ELSE " + strconv.Itoa(rankOf(other)) + " END")
	return sb.String()
}

// greenSQL is true for a live instruction i accepted by both sides (status.ColourOf green).
func greenSQL() string { return "(i.deleted_at IS NULL AND " + pairsSQL(pairsOf()[status.Green]) + ")" }

// offeredSQL is true for the instructions of bookings b that start awaiting their freelancer's
// answer (status.Initial): a pre-confirmed or direct booking's are accepted from the start.
func offeredSQL() (string, []any) {
	var ors []string
	var args []any
	for _, t := range []status.BookingType{status.TypeDefault, status.TypePreConfirmed} {
		for _, direct := range []bool{false, true} {
			if status.Initial(t, direct).Supplier == status.Awaiting {
				ors = append(ors, "(b.type = ? AND b.direct = ?)")
				args = append(args, string(t), direct)
			}
		}
	}
	if len(ors) == 0 {
		return "FALSE", nil
	}
	return "(" + strings.Join(ors, " OR ") + ")", args
}

// seconds is b − a in seconds, for two timestamp expressions. SQLite holds a timestamp as Go
// writes it ("2027-03-01 09:00:00.5 +0000 UTC"), always in UTC (the database clock's zone):
// its first 19 characters are what julianday reads, so SQLite's differences are whole seconds.
func (s *Store) seconds(a, b string) string {
	if s.DB.Dialect == database.Postgres {
		return "CAST(EXTRACT(EPOCH FROM (" + b + " - " + a + ")) AS DOUBLE PRECISION)"
	}
	return "ROUND((julianday(substr(" + b + ", 1, 19)) - julianday(substr(" + a + ", 1, 19))) * 86400.0)"
}

// supplierStatusOf is the supplier status in a booking_events row's payload, written exactly
// as the booking_events_answer index of each engine holds it (migration 00027).
func (s *Store) supplierStatusOf(alias string) string {
	if s.DB.Dialect == database.Postgres {
		return "(" + alias + ".payload_json::json ->> 'supplierStatus')"
	}
	return "json_extract(" + alias + ".payload_json, '$.supplierStatus')"
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
	errs := make([]error, len(reads))
	var wg sync.WaitGroup
	for i, read := range reads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = read()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return DashboardStats{}, err
		}
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
	scope, args := inScope("p.booking_id", sc)
	from, to := r.StartInstants()
	err := s.DB.Select(ctx, dst, `SELECT x.day, x.worst, x.filled, COUNT(*) AS n FROM (
		SELECT p.local_date AS day, MAX(`+rankSQL()+`) AS worst, MAX(CASE WHEN `+greenSQL()+` THEN 1 ELSE 0 END) AS filled
		FROM placements p LEFT JOIN instructions i ON i.placement_id = p.id
		WHERE p.deleted_at IS NULL AND p.local_date >= ? AND p.local_date <= ? AND p.start_at >= ? AND p.start_at < ?
		AND `+scope+`
		GROUP BY p.id, p.local_date) x GROUP BY x.day, x.worst, x.filled`,
		append([]any{r.StartDate(), r.EndDate(), from, to}, args...)...)
	if err != nil {
		return fmt.Errorf("dashboard placements: %w", err)
	}
	return nil
}

// money sums the rates of the instructions accepted by both sides per client and pair of sell
// and buy currency and period, and each rate times its placement's paid minutes (Amount turns
// the sums into money). The instructions are summed per placement first, so the placements,
// bookings, departments and entities are joined once per placement, not once per instruction.
func (s *Store) money(ctx context.Context, sc Scope, r Range, dst *[]moneyRow) error {
	scope, args := inScope("i.booking_id", sc)
	minutes := "(ROUND(" + s.seconds("p.start_at", "p.end_at") + " / 60) - p.unpaid_breaks)"
	err := s.DB.Select(ctx, dst, `SELECT e.id AS client_id, e.name AS client_name, g.sell_currency, g.sell_period,
		g.buy_currency, g.buy_period, CAST(SUM(g.sell) AS DOUBLE PRECISION) AS sell_sum,
		CAST(SUM(CASE WHEN g.sell_period = 'hour' THEN g.sell * `+minutes+` ELSE 0 END) AS DOUBLE PRECISION) AS sell_minutes,
		CAST(SUM(g.buy) AS DOUBLE PRECISION) AS buy_sum,
		CAST(SUM(CASE WHEN g.buy_period = 'hour' THEN g.buy * `+minutes+` ELSE 0 END) AS DOUBLE PRECISION) AS buy_minutes
		FROM (SELECT i.placement_id, i.sell_currency, i.sell_period, i.buy_currency, i.buy_period,
				SUM(i.sell_rate_minor) AS sell, SUM(i.buy_rate_minor) AS buy
			FROM instructions i
			WHERE `+greenSQL()+` AND i.placement_local_date >= ? AND i.placement_local_date <= ? AND `+scope+`
			GROUP BY i.placement_id, i.sell_currency, i.sell_period, i.buy_currency, i.buy_period) g
		JOIN placements p ON p.id = g.placement_id JOIN bookings b ON b.id = p.booking_id
		JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id
		GROUP BY e.id, e.name, g.sell_currency, g.sell_period, g.buy_currency, g.buy_period`,
		append([]any{r.StartDate(), r.EndDate()}, args...)...)
	if err != nil {
		return fmt.Errorf("dashboard money: %w", err)
	}
	return nil
}

// answers counts the offers answered per minute from offer (the instruction's creation) to its
// freelancer's answer (the first status change event leaving the supplier side accepted or
// rejected), over the instructions of bookings that ask the freelancer (offeredSQL).
// answersOf finds the median in the counts. The events' conditions are written as literals,
// exactly as the predicate of the booking_events_answer index (migration 00027) that holds
// those events, so each lookup reads only that index.
func (s *Store) answers(ctx context.Context, sc Scope, r Range, dst *[]minuteCount) error {
	bookingsCond, bookingsArgs := scopeSQL(sc)
	offered, offeredArgs := offeredSQL()
	answeredAt := `(SELECT MIN(e.created_at) FROM booking_events e WHERE e.instruction_id = i.id
		AND e.kind = '` + string(events.InstructionStatus) + `' AND ` + s.supplierStatusOf("e") + ` IN ('` +
		string(status.Accepted) + `', '` + string(status.Rejected) + `'))`
	all := []any{r.StartDate(), r.EndDate(),
		string(status.Accepted), string(status.Rejected)}
	all = append(append(all, offeredArgs...), bookingsArgs...)
	// MATERIALIZED: each instruction's lookup runs once, not once per use of secs.
	err := s.DB.Select(ctx, dst, `WITH a AS MATERIALIZED (
			SELECT `+s.seconds("i.created_at", answeredAt)+` AS secs FROM instructions i
			WHERE i.deleted_at IS NULL AND i.placement_local_date >= ? AND i.placement_local_date <= ?
			AND i.supplier_status IN (?, ?)
			AND i.booking_id IN (SELECT b.id FROM bookings b WHERE `+offered+` AND `+bookingsCond+`))
		SELECT ROUND(secs / 60) AS minute, COUNT(*) AS n FROM a GROUP BY ROUND(secs / 60)`, all...)
	if err != nil {
		return fmt.Errorf("dashboard answers: %w", err)
	}
	return nil
}

// jobs lists the job titles with the most live placements.
func (s *Store) jobs(ctx context.Context, sc Scope, r Range, dst *[]DashboardJob) error {
	scope, args := scopeSQL(sc)
	from, to := r.StartInstants()
	var rows []struct {
		ID    *int64  `db:"job_template_id"`
		Title *string `db:"title"`
		N     int     `db:"n"`
	}
	err := s.DB.Select(ctx, &rows, `SELECT b.job_template_id, jt.title, COUNT(*) AS n
		FROM placements p JOIN bookings b ON b.id = p.booking_id LEFT JOIN job_templates jt ON jt.id = b.job_template_id
		WHERE p.deleted_at IS NULL AND p.local_date >= ? AND p.local_date <= ? AND p.start_at >= ? AND p.start_at < ?
		AND `+scope+`
		GROUP BY b.job_template_id, jt.title ORDER BY n DESC, jt.title, b.job_template_id LIMIT `+strconv.Itoa(TopN),
		append([]any{r.StartDate(), r.EndDate(), from, to}, args...)...)
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
	scope, args := inScope("i.booking_id", sc)
	err := s.DB.Select(ctx, dst, `SELECT t.user_id, u.first_name, u.last_name, t.n FROM (
			SELECT i.user_id, COUNT(*) AS n FROM instructions i
			WHERE `+greenSQL()+` AND i.placement_local_date >= ? AND i.placement_local_date <= ? AND `+scope+`
			GROUP BY i.user_id ORDER BY n DESC, i.user_id LIMIT `+strconv.Itoa(TopN)+`) t
		JOIN users u ON u.id = t.user_id ORDER BY t.n DESC, t.user_id`,
		append([]any{r.StartDate(), r.EndDate()}, args...)...)
	if err != nil {
		return fmt.Errorf("dashboard freelancers: %w", err)
	}
	return nil
}
