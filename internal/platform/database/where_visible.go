package database

import "slices"

// Visibility is whose rows a caller may read: every owner's (All, an administrator) or those of
// the departments or entities in IDs. The access package works it out from the caller's rights
// once; a list limits itself by it, and a rule asks it about one owner, so "all, or these ids" has
// this one home.
type Visibility struct {
	IDs []int64
	All bool
}

// SeesAll is the visibility of whoever may read every owner's rows.
func SeesAll() Visibility { return Visibility{All: true} }

// SeesOnly is the visibility of whoever may read only the rows of the owners ids (none when it
// is empty).
func SeesOnly(ids []int64) Visibility { return Visibility{IDs: ids} }

// None is whether nothing is visible: a list is empty and needs no query.
func (v Visibility) None() bool { return !v.All && len(v.IDs) == 0 }

// Includes is whether the rows of owner id are visible.
func (v Visibility) Includes(id int64) bool { return v.All || slices.Contains(v.IDs, id) }

// Condition is the SQL condition limiting column to what is visible, with its arguments: "TRUE"
// when everything is, "column IN (ids)" otherwise ("column IN (NULL)", matching nothing, when
// nothing is).
func (v Visibility) Condition(column string) (string, []any) {
	if v.All {
		return "TRUE", nil
	}
	marks, args := In(v.IDs)
	return column + " IN (" + marks + ")", args
}

// Visible limits a list to what its caller may see: "column IN (ids)", or no condition when the
// caller sees all. It returns false when the caller sees nothing: the list is empty and needs no
// query.
func (w *Where) Visible(column string, v Visibility) bool {
	if v.None() {
		return false
	}
	if !v.All {
		w.In(column, v.IDs)
	}
	return true
}

// Within limits a query to what its caller may see, as Visible does, for a query that runs even
// when the caller sees nothing (a report streams its header all the same): then it adds a
// condition no row meets.
func (w *Where) Within(column string, v Visibility) {
	if !v.All {
		cond, args := v.Condition(column)
		w.Add(cond, args...)
	}
}
