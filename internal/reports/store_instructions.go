package reports

import "context"

// instructionsSQL is the Bookings and Financial Metrics reports' query, in placement order.
const instructionsSQL = `SELECT i.id, b.id AS booking_id, b.reference AS booking_reference,
	b.title AS booking_title, e.name AS client, d.name AS department, COALESCE(jt.title, b.title) AS job,
	p.title AS placement, p.local_date, p.start_time, p.end_time, p.start_at, p.end_at, p.timezone, p.unpaid_breaks,
	u.first_name, u.last_name, u.email, i.supplier_status, i.client_status,
	i.buy_rate_minor, i.buy_currency, i.buy_period, i.sell_rate_minor, i.sell_currency, i.sell_period` + instructionFrom

// Instructions streams the instructions of f to fn, by placement start, placement and id.
func (s *Store) Instructions(ctx context.Context, f Filter, fn func(*InstructionRow) error) error {
	w := instructionWhere(f)
	return each(ctx, s.DB, instructionsSQL+w.SQL()+` ORDER BY p.start_at, p.id, i.id`, w.Args(), fn)
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
