package database

import (
	"strings"
)

// Marks returns n placeholders, "?, ?, ?", for an IN list.
func Marks(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

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
