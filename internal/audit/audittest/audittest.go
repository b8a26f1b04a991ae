// Package audittest reads the audit log for tests: the entries a step wrote, found after a mark
// taken before it.
package audittest

import (
	"testing"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Entry is an audit_log row as the tests check it.
type Entry struct {
	ID     int64  `db:"id"`
	Source string `db:"hive_source"`
	Action string `db:"hive_action"`
	Record int64  `db:"record_id"`
	Row    string `db:"row_json"`
	TxID   string `db:"hive_tx_id"`
	UserID *int64 `db:"hive_user_id"`
}

// Last is the id of the newest entry (0 when there is none): the mark to pass to After.
func Last(t testing.TB, db *database.DB) int64 {
	t.Helper()
	return databasetest.Get[int64](t, db, `SELECT COALESCE(MAX(id), 0) FROM audit_log`)
}

// After is the entries written after mark, oldest first; of source only, when one is given.
func After(t testing.TB, db *database.DB, mark int64, source ...audit.Source) []Entry {
	t.Helper()
	query, args := `SELECT id, hive_source, hive_action, record_id, row_json, hive_tx_id, hive_user_id
		FROM audit_log WHERE id > ?`, []any{mark}
	if len(source) == 1 {
		query, args = query+` AND hive_source = ?`, append(args, string(source[0]))
	}
	return databasetest.Select[Entry](t, db, query+` ORDER BY id`, args...)
}
