package database

// Visible limits a list to what its caller may see: "column IN (visible)", or no condition when
// the caller sees all. It returns false when the caller sees nothing (not all, no ids): the list
// is empty and needs no query.
func (w *Where) Visible(column string, visible []int64, all bool) bool {
	if all {
		return true
	}
	if len(visible) == 0 {
		return false
	}
	w.In(column, visible)
	return true
}
