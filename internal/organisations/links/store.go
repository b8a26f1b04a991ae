package links

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes the three kinds of link.
type Store struct {
	DB *database.DB
}

// sortKey is one way to order a grid: the ORDER BY terms (ending on the link id, so pages are
// stable) and the joins they need. Filters read only the link table, so counting never joins.
type sortKey struct {
	order string
	join  string
	// For sorts led by a parent record (the user, the department, the entity): refCol is the
	// link's column naming the parent, parentJoin joins the parent to the per-parent counts g,
	// and parentOrder is the parents' order (the leading part of order). pageIDs then skips
	// whole parents by their link counts instead of sorting every link, so a deep page costs a
	// grouped count, not a sort of the table.
	refCol, parentJoin, parentOrder string
}

// grouped returns the same sort that skips whole parents (see sortKey).
func grouped(k sortKey, refCol, parentJoin, parentOrder string) sortKey {
	k.refCol, k.parentJoin, k.parentOrder = refCol, parentJoin, parentOrder
	return k
}

// conds is a list's WHERE clause (database.Where) with the conditions of links: their rights
// and their scope.
type conds struct{ database.Where }

func (c *conds) flag(col string, v *bool) {
	if v != nil {
		c.Add(col+" = ?", *v)
	}
}

// scope keeps the rows whose col is visible, and the caller's own links when userCol is set.
func (c *conds) scope(col, userCol string, s Scope) {
	if s.Visible.All {
		return
	}
	var parts []string
	var args []any
	if !s.Visible.None() {
		cond, ids := s.Visible.Condition(col)
		parts, args = append(parts, cond), ids
	}
	if userCol != "" && s.Self != 0 {
		parts, args = append(parts, userCol+" = ?"), append(args, s.Self)
	}
	if len(parts) == 0 {
		parts = []string{"1 = 0"}
	}
	c.Add("("+strings.Join(parts, " OR ")+")", args...)
}

// pageIDs counts the matching links of table (aliased r) and returns the ids of one page in
// the order of sorts[name] (the default "id" when name is unknown). The two reads touch only
// the link table, the indexes its filters use and the joins the sort needs; names are joined
// for the page's rows only. A page past the middle is read from the other end in the reverse
// order, so the last page costs what the first does.
func pageIDs(ctx context.Context, db *database.DB, table string, c conds, sorts map[string]sortKey, name string, p Page) ([]int64, int, error) {
	if key, ok := sorts[name]; ok && key.refCol != "" {
		return pageByParents(ctx, db, table, c, key, p)
	}
	var total int
	if err := db.Get(ctx, &total, `SELECT COUNT(*) FROM `+table+` r`+c.SQL(), c.Args()...); err != nil {
		return nil, 0, fmt.Errorf("count %s: %w", table, err)
	}
	if total == 0 || p.Offset >= total {
		return nil, total, nil
	}
	if _, ok := sorts[name]; !ok {
		name = "id"
	}
	offset, limit, reverse := p.Offset, p.Limit, p.Offset > total/2
	if reverse {
		if strings.HasPrefix(name, "-") {
			name = name[1:]
		} else {
			name = "-" + name
		}
		end := min(p.Offset+p.Limit, total)
		offset, limit = total-end, end-p.Offset
	}
	key := sorts[name]
	var ids []int64
	err := db.Select(ctx, &ids, `SELECT r.id FROM `+table+` r`+key.join+c.SQL()+` ORDER BY `+key.order+
		` LIMIT ? OFFSET ?`, append(c.Args(), limit, offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("page %s: %w", table, err)
	}
	if reverse {
		slices.Reverse(ids)
	}
	return ids, total, nil
}

// pageByParents pages a parent-led sort: one grouped count gives every parent's number of links
// in order (and the total), the parents holding positions Offset..Offset+Limit are picked, and
// only their links are sorted.
func pageByParents(ctx context.Context, db *database.DB, table string, c conds, key sortKey, p Page) ([]int64, int, error) {
	var groups []struct {
		ID    int64 `db:"gid"`
		Links int   `db:"n"`
	}
	err := db.Select(ctx, &groups, `SELECT g.gid, g.n FROM (SELECT `+key.refCol+` AS gid, COUNT(*) AS n FROM `+table+
		` r`+c.SQL()+` GROUP BY `+key.refCol+`) g`+key.parentJoin+` ORDER BY `+key.parentOrder, c.Args()...)
	if err != nil {
		return nil, 0, fmt.Errorf("count %s per parent: %w", table, err)
	}
	total, seen, skipped := 0, 0, 0
	var keep []int64
	for _, g := range groups {
		total += g.Links
		switch {
		case seen+g.Links <= p.Offset:
			skipped = seen + g.Links
		case seen < p.Offset+p.Limit:
			keep = append(keep, g.ID)
		}
		seen += g.Links
	}
	if len(keep) == 0 {
		return nil, total, nil
	}
	narrowed := c // c is this call's copy: adding to it leaves the caller's conditions as they are
	narrowed.In(key.refCol, keep)
	var ids []int64
	err = db.Select(ctx, &ids, `SELECT r.id FROM `+table+` r`+key.join+narrowed.SQL()+` ORDER BY `+key.order+
		` LIMIT ? OFFSET ?`, append(narrowed.Args(), p.Limit, p.Offset-skipped)...)
	if err != nil {
		return nil, 0, fmt.Errorf("page %s: %w", table, err)
	}
	return ids, total, nil
}

// inOrder returns rows ordered as ids (a row deleted between the two reads is left out).
func inOrder[T any](ids []int64, rows []T, id func(T) int64) []T {
	byID := make(map[int64]T, len(rows))
	for _, r := range rows {
		byID[id(r)] = r
	}
	out := make([]T, 0, len(ids))
	for _, i := range ids {
		if r, ok := byID[i]; ok {
			out = append(out, r)
		}
	}
	return out
}

func exists(ctx context.Context, q database.Reader, table string, id int64) (bool, error) {
	var n int
	err := q.Get(ctx, &n, `SELECT COUNT(*) FROM `+table+` WHERE id = ?`, id)
	return n > 0, err
}

// mustExist turns a missing referenced record into a validation error on field.
func mustExist(ctx context.Context, q database.Reader, table string, id int64, field, msg string) error {
	ok, err := exists(ctx, q, table, id)
	if err != nil {
		return err
	}
	if !ok {
		return apperror.Field(field, msg)
	}
	return nil
}

// staleOrGone explains an UPDATE that touched no row: the record is gone (404) or its version
// moved on (409).
func staleOrGone(ctx context.Context, q database.Reader, table string, id int64, what string) error {
	ok, err := exists(ctx, q, table, id)
	if err != nil {
		return err
	}
	if !ok {
		return apperror.NotFound(what)
	}
	return apperror.Conflict(MsgStale)
}

// UserExists reports whether account id exists.
func (s *Store) UserExists(ctx context.Context, id int64) (bool, error) {
	return exists(ctx, s.DB, "users", id)
}
