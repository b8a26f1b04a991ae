package database

import (
	"slices"
	"strings"
)

// Marks returns n placeholders, "?, ?, ?", for an IN list. An empty list is "NULL": SQLite
// takes "IN ()" but PostgreSQL refuses it as a syntax error, and an empty list can come from
// the API (a JSON null where an array is expected); "x IN (NULL)" matches nothing on both.
func Marks(n int) string {
	if n == 0 {
		return "NULL"
	}
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// IDArgs returns ids as query arguments.
func IDArgs(ids []int64) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

// In returns the placeholders and the arguments of an IN list of ids.
func In(ids []int64) (string, []any) { return Marks(len(ids)), IDArgs(ids) }

// Qualify prefixes each comma-separated column (a direction after it is kept) with alias:
// Qualify("u", "id, name DESC") is "u.id, u.name DESC".
func Qualify(alias, columns string) string {
	parts := strings.Split(columns, ",")
	for i, c := range parts {
		parts[i] = alias + "." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// Where gathers the conditions of a filtered list, joined with AND, and their arguments in
// order. The zero value has no conditions.
type Where struct {
	conds []string
	args  []any
}

// Add adds cond with the arguments of its placeholders.
func (w *Where) Add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

// SQL is " WHERE a AND b", or "" when there is no condition.
func (w *Where) SQL() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// Args are the conditions' arguments; appending to them never changes w's.
func (w *Where) Args() []any { return slices.Clip(w.args) }
