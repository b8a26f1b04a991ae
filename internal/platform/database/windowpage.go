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
