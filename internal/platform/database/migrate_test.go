package database_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/database/databasetest"
)

// A trigger fires as a query of its own, and PostgreSQL keeps a LANGUAGE sql function's plan
// only for the query that calls it: a helper the migrations' PL/pgSQL trigger functions call
// must be PL/pgSQL too, whose plans last the session (migration 00045: the placement states'
// refresh was planned again on every write to an instruction, about 3 ms under load).
func TestTriggerFunctionsCallNoPlanlessSQLFunction(t *testing.T) {
	db := databasetest.Postgres(t) // SQLite's triggers hold their statements themselves
	var calls []struct {
		Caller string `db:"caller"`
		Callee string `db:"callee"`
	}
	err := db.Select(context.Background(), &calls, `SELECT caller.proname AS caller, callee.proname AS callee
		FROM pg_proc caller JOIN pg_language cl ON cl.oid = caller.prolang AND cl.lanname = 'plpgsql'
		JOIN pg_namespace n ON n.oid = caller.pronamespace AND n.nspname = current_schema()
		JOIN pg_proc callee ON callee.pronamespace = caller.pronamespace AND callee.oid <> caller.oid
		JOIN pg_language l ON l.oid = callee.prolang AND l.lanname = 'sql'
		WHERE caller.prosrc LIKE '%' || callee.proname || '(%'
		ORDER BY 1, 2`)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range calls {
		t.Errorf("%s calls the LANGUAGE sql function %s: make it plpgsql", c.Caller, c.Callee)
	}
}
