package scheduler

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// gridOrders maps the grid's sort values to ORDER BY clauses; modified is the instruction's
// latest change, date the placement's start.
var gridOrders = map[string]string{
	"-modified": "i.updated_at DESC, i.id DESC",
	"modified":  "i.updated_at, i.id",
	"-date":     "p.start_at DESC, p.id DESC, i.id",
	"date":      "p.start_at, p.id, i.id",
}

// DefaultGridSort is the grid's order: most recently changed first.
const DefaultGridSort = "-modified"

// summaryChange is one grid row as read: the instruction (the columns of bookings.InstructionRow
// that the grid selects, its State rule with them) with its placement, booking, department and
// client.
type summaryChange struct {
	bookings.InstructionRow
	BookingTitle     string    `db:"booking_title"`
	ClientName       string    `db:"client_name"`
	DepartmentName   string    `db:"department_name"`
	CancelWindowDays int       `db:"cancel_window_days"`
	PlacementTitle   string    `db:"placement_title"`
	LocalDate        string    `db:"local_date"`
	StartAt          time.Time `db:"start_at"`
	EndAt            time.Time `db:"end_at"`
	Timezone         string    `db:"timezone"`
	UpdatedAt        time.Time `db:"updated_at"`
}

// Changes reads one page of the grid's instruction rows and the number of rows over all pages,
// in three queries: the count and the page's ids over slim joins (a month holds tens of
// thousands of instructions), then the page's rows. cancelledOnly keeps instructions cancelled
// on either side, those of cancelled placements too.
func (s *Store) Changes(ctx context.Context, f SummaryFilter) ([]BookingChangeRow, int, error) {
	var rows []BookingChangeRow
	total := 0
	err := s.DB.ReadPlanned(ctx, func(q database.Reader) (err error) {
		rows, total, err = changes(ctx, q, f)
		return err
	})
	return rows, total, err
}

func changes(ctx context.Context, q database.Reader, f SummaryFilter) ([]BookingChangeRow, int, error) {
	f, err := withViewer(ctx, q, f)
	if err != nil {
		return nil, 0, err
	}
	deleted := f.IncludeDeleted || f.CancelledOnly
	scope := instructionScope(f, deleted)
	if f.CancelledOnly {
		scope.Add("(i.supplier_status = ? OR i.client_status = ?)", string(status.Cancelled), string(status.Cancelled))
	}
	if len(f.Colours) > 0 {
		cond, args := colourCondition(f.Colours)
		scope.Add(cond, args...)
	}
	from := placementsFrom(f) + ` JOIN instructions i ON i.placement_id = p.id`
	var total int
	if err := q.Get(ctx, &total, `SELECT COUNT(*)`+from+scope.SQL(), scope.Args()...); err != nil {
		return nil, 0, err
	}
	order, ok := gridOrders[f.Sort]
	if !ok {
		order = gridOrders[DefaultGridSort]
	}
	limit, limitArgs := database.LimitOffset(f.Limit, f.Offset)
	var ids []int64
	if err := q.Select(ctx, &ids, `SELECT i.id`+from+scope.SQL()+` ORDER BY `+order+limit,
		append(scope.Args(), limitArgs...)...); err != nil {
		return nil, 0, err
	}
	out := make([]BookingChangeRow, 0, len(ids))
	if len(ids) == 0 {
		return out, total, nil
	}
	var rows []summaryChange
	err = eachChunk(ids, func(marks string, args []any) error {
		return q.Select(ctx, &rows, `SELECT i.id, i.placement_id, p.booking_id, b.title AS booking_title,
			e.name AS client_name, d.name AS department_name, d.cancel_window_days, p.title AS placement_title, p.local_date,
			p.start_at, p.end_at, p.timezone, i.user_id, u.first_name, u.last_name, i.supplier_status, i.client_status,
			i.cancellation_reason, i.updated_at, i.deleted_at, i.buy_rate_minor, i.buy_currency, i.buy_period,
			i.sell_rate_minor, i.sell_currency, i.sell_period, i.created_at, `+bookings.HoldColumns+summaryFrom+`
			JOIN entities e ON e.id = d.client_id JOIN instructions i ON i.placement_id = p.id JOIN users u ON u.id = i.user_id
			WHERE i.id IN (`+marks+`) ORDER BY `+order, args...)
	})
	if err != nil {
		return nil, 0, err
	}
	for _, r := range rows {
		out = append(out, changeRow(r, f.Admin))
	}
	return out, total, nil
}
