package database

import "strings"

// In adds "column IN (ids)" when ids is not empty; an empty list adds no condition, as a list
// filter that is not set filters nothing.
func (w *Where) In(column string, ids []int64) {
	if len(ids) > 0 {
		marks, args := In(ids)
		w.Add(column+" IN ("+marks+")", args...)
	}
}

// And is the conditions joined with AND, or "TRUE" when there is none: the condition to put
// where SQL's " WHERE ..." does not fit, inside a CASE WHEN or another Where.
func (w *Where) And() string {
	if len(w.conds) == 0 {
		return "TRUE"
	}
	return strings.Join(w.conds, " AND ")
}
