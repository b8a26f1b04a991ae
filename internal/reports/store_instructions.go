package reports

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// instructionsSQL is the Financial Metrics report's query: each instruction with its rates and
// placement times (its hours and money), in placement order.
const instructionsSQL = `SELECT i.id, i.placement_id, i.user_id, b.id AS booking_id, b.reference AS booking_reference,
	b.title AS booking_title, e.name AS client, d.name AS department, COALESCE(jt.title, b.title) AS job,
	p.title AS placement, p.local_date, p.start_time, p.end_time, p.start_at, p.end_at, p.timezone, p.unpaid_breaks,
	u.first_name, u.last_name, u.email, i.supplier_status, i.client_status,
	i.buy_rate_minor, i.buy_currency, i.buy_period, i.sell_rate_minor, i.sell_currency, i.sell_period,
	i.updated_at AS instruction_updated_at, d.cancel_window_days` + instructionFrom

// bookingsSQL is the Bookings report's query: only the columns its cells write (bookingsColumns),
// in placement order. A month of a busy client is tens of thousands of rows, so each row carries
// no rate or instant the report leaves out, and Bookings scans it without reflection.
const bookingsSQL = `SELECT b.id, b.reference, b.title, e.name, d.name, COALESCE(jt.title, b.title), p.title,
	p.local_date, p.start_time, p.end_time, p.timezone, u.first_name, u.last_name, u.email,
	i.supplier_status, i.client_status` + instructionFrom

// Bookings streams the Bookings report's rows of f to fn, by placement start, placement and
// instruction; only the fields bookingsColumns write are set.
func (s *Store) Bookings(ctx context.Context, f Filter, fn func(*InstructionRow) error) error {
	w := instructionWhere(f)
	var r InstructionRow
	return s.DB.Each(ctx, func(rows *sqlx.Rows) error {
		if err := rows.Scan(&r.BookingID, &r.BookingReference, &r.BookingTitle, &r.Client, &r.Department, &r.Job,
			&r.Placement, &r.LocalDate, &r.StartTime, &r.EndTime, &r.Timezone, &r.FirstName, &r.LastName, &r.Email,
			&r.SupplierStatus, &r.ClientStatus); err != nil {
			return err
		}
		return fn(&r)
	}, bookingsSQL+w.SQL()+` ORDER BY p.start_at, p.id, i.id`, w.Args()...)
}

// Financial streams the instructions of f to fn in the Bookings report's order, each with how it
// counts (status.PlacementCounts) and whether it is a late cancellation. How an instruction counts
// depends on the other instructions of its placement, so whole placements are read, the user
// filter choosing placements, and only the rows of the users asked for are handed on.
func (s *Store) Financial(ctx context.Context, f Filter, fn func(*InstructionRow) error) error {
	users := f.UserIDs
	f.UserIDs = nil
	w := instructionWhere(f)
	if len(users) > 0 {
		marks, args := database.In(users)
		w.Add("p.id IN ("+reads.PlacementsOfUsersSQL(marks)+")", args...)
	}
	rows := func(fn func(*InstructionRow) error) error {
		return each(ctx, s.DB, instructionsSQL+w.SQL()+` ORDER BY p.start_at, p.id, i.id`, w.Args(), fn)
	}
	return countPlacements(users, rows)(fn)
}

// AgencyStatuses streams, for every agency and supplier entity by name, how many of the
// instructions of f it supplied are in each pair of statuses (one row with a zero count and
// empty statuses when it supplied none).
func (s *Store) AgencyStatuses(ctx context.Context, f Filter, fn func(*AgencyStatusRow) error) error {
	w := instructionWhere(f)
	return each(ctx, s.DB, `SELECT e.id, e.name, e.type, e.country, e.email,
		COALESCE(x.supplier_status, '') AS supplier_status, COALESCE(x.client_status, '') AS client_status,
		COUNT(x.supplier_status) AS n
		FROM entities e LEFT JOIN (SELECT i.supplier_id, i.supplier_status, i.client_status`+instructionFrom+w.SQL()+`) x
		ON x.supplier_id = e.id
		WHERE e.type IN ('agency', 'supplier')
		GROUP BY e.id, e.name, e.name_lc, e.type, e.country, e.email, x.supplier_status, x.client_status
		ORDER BY e.name_lc, e.id`, w.Args(), fn)
}
