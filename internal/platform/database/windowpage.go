package database

import (
	"context"
	"slices"
)

// WindowPage reads one page of a list whose query selects "COUNT(*) OVER() AS total" beside
// each row's columns, so that one statement answers both the page and the size of the whole
// list. Past the last page no row carries the total, so count (the same FROM and WHERE, with
// the same args) counts instead. row splits a scanned row into its item and the total.
func WindowPage[W, T any](ctx context.Context, r Reader, query, count string, args []any, limit, offset int,
	row func(W) (T, int)) ([]T, int, error) {
	page, pageArgs := LimitOffset(limit, offset)
	var rows []W
	if err := r.Select(ctx, &rows, query+page, slices.Concat(args, pageArgs)...); err != nil {
		return nil, 0, err
	}
	items, total := make([]T, 0, len(rows)), 0
	for _, w := range rows {
		var item T
		item, total = row(w)
		items = append(items, item)
	}
	if len(rows) == 0 && offset > 0 {
		if err := r.Get(ctx, &total, count, args...); err != nil {
			return nil, 0, err
		}
	}
	return items, total, nil
}

// IDPage is a list read by PageByIDs.
type IDPage struct {
	Table, Alias string // the table listed, and its alias in Columns and Outer
	Cond         string // the WHERE clause (Where.SQL), on Table's unqualified columns
	Args         []any  // Cond's arguments
	Order, Outer string // the order of the ids (unqualified, on an index) and of the rows (qualified)
	Columns      string // the columns of a row, qualified with Alias
	ColumnArgs   []any  // the arguments of placeholders in Columns, if any
	Limit        int
	Offset       int
	// Count, when set, reads the number of matching rows kept elsewhere (a table of counts
	// that triggers follow) instead of counting them, with CountArgs.
	Count     string
	CountArgs []any
}

// PageByIDs reads one page of a long list in two statements that stay cheap however long it
// is: a COUNT of the matching rows, then, unless the page lies past them, the page's ids in
// order from an index alone (the index of the order is covering), and only those rows read in
// full. COUNT(*) OVER() (WindowPage) would read every matching row for every page.
func PageByIDs[T any](ctx context.Context, r Reader, q IDPage) ([]T, int, error) {
	count, countArgs := `SELECT COUNT(*) FROM `+q.Table+q.Cond, q.Args
	if q.Count != "" {
		count, countArgs = q.Count, q.CountArgs
	}
	var total int
	if err := r.Get(ctx, &total, count, countArgs...); err != nil {
		return nil, 0, err
	}
	out := []T{}
	if total == 0 || q.Offset >= total {
		return out, total, nil
	}
	limit, limitArgs := LimitOffset(q.Limit, q.Offset)
	err := r.Select(ctx, &out, `WITH page AS (SELECT id FROM `+q.Table+q.Cond+` ORDER BY `+q.Order+limit+`)
		SELECT `+q.Columns+` FROM page JOIN `+q.Table+` `+q.Alias+` ON `+q.Alias+`.id = page.id ORDER BY `+q.Outer,
		slices.Concat(q.Args, limitArgs, q.ColumnArgs)...)
	return out, total, err
}
