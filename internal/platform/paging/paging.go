// Package paging is the page and pageSize query of the grids' list operations: one set of
// bounds and defaults, and the offset the stores take.
package paging

// Params are a list operation's paging query parameters; embed them in its input so every
// grid has the same bounds (pages from 1, 1 to 100 rows, 20 by default).
type Params struct {
	Page     int `query:"page" minimum:"1" default:"1"`
	PageSize int `query:"pageSize" minimum:"1" maximum:"100" default:"20"`
}

// Offset is how many rows come before the page.
func (p Params) Offset() int { return (p.Page - 1) * p.PageSize }

// Limit is how many rows the page holds at most.
func (p Params) Limit() int { return p.PageSize }

// Items returns a page's items, view(row) for each row: never nil, so that an empty page is [] in JSON.
func Items[R, V any](rows []R, view func(R) V) []V {
	out := make([]V, 0, len(rows))
	for _, r := range rows {
		out = append(out, view(r))
	}
	return out
}
