package database_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// ReadTogether's reads scan as Get and Select do (texts, numbers, booleans, times, NULLs into
// pointers, embedded structs), a one-row read that finds none answers sql.ErrNoRows, and a
// failing read fails the whole without spoiling the connections.
func TestReadTogetherScansAsGetAndSelect(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		at := time.Date(2026, 11, 28, 9, 30, 0, 0, time.UTC)
		insert := `INSERT INTO login_failures (email_lc, failures, locked_until, updated_at) VALUES (?, ?, ?, ?)`
		databasetest.Exec(t, db, insert, "a@example.com", 1, at, at)
		databasetest.Exec(t, db, insert, "b@example.com", 2, at, at)
		type failure struct {
			Email       string    `db:"email_lc"`
			Failures    int       `db:"failures"`
			LockedUntil time.Time `db:"locked_until"`
			Note        *string   `db:"note"`
		}
		type row struct {
			failure
			UpdatedAt time.Time `db:"updated_at"`
			Locked    bool      `db:"locked"`
		}
		// b's note reads as NULL.
		const lockedUntil = `locked_until, CASE WHEN failures = 1 THEN email_lc END AS note`
		const rows = `SELECT email_lc, failures, ` + lockedUntil + `, updated_at, failures = 1 AS locked
			FROM login_failures WHERE failures >= ? ORDER BY email_lc`
		const one = `SELECT email_lc, failures, ` + lockedUntil + ` FROM login_failures WHERE email_lc = ?`
		var wantAll []row
		var wantOne failure
		if err := db.Select(ctx, &wantAll, rows, 1); err != nil {
			t.Fatal(err)
		}
		if err := db.Get(ctx, &wantOne, one, "b@example.com"); err != nil {
			t.Fatal(err)
		}
		var all []row
		var got, missing failure
		err := db.ReadTogether(ctx,
			database.Read{Dest: &got, Query: one, Args: []any{"b@example.com"}, One: true},
			database.Read{Dest: &all, Query: rows, Args: []any{1}})
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != 2 || len(wantAll) != 2 || got.Email != wantOne.Email || got.Note != nil || wantOne.Note != nil {
			t.Fatalf("read together %+v and %+v, want %+v and %+v", all, got, wantAll, wantOne)
		}
		for i := range all {
			w, g := wantAll[i], all[i]
			if g.Email != w.Email || g.Failures != w.Failures || g.Locked != w.Locked || !g.UpdatedAt.Equal(w.UpdatedAt) ||
				!g.LockedUntil.Equal(w.LockedUntil) || (g.Note == nil) != (w.Note == nil) || (g.Note != nil && *g.Note != *w.Note) {
				t.Errorf("row %d: read together %+v, Select %+v", i, g, w)
			}
		}

		all = nil
		err = db.ReadTogether(ctx,
			database.Read{Dest: &missing, Query: one, Args: []any{"nobody@example.com"}, One: true},
			database.Read{Dest: &all, Query: rows, Args: []any{2}})
		if !errors.Is(err, sql.ErrNoRows) {
			t.Errorf("with a missing row: %v, want sql.ErrNoRows", err)
		}
		for range 40 { // more than the pool's connections: none may be left in a failed transaction
			if err := db.ReadTogether(ctx, database.Read{Dest: &all, Query: `SELECT no_such_column FROM login_failures`}); err == nil {
				t.Fatal("a failing read answered no error")
			}
		}
		var n []struct {
			N int `db:"n"`
		}
		if err := db.ReadTogether(ctx, database.Read{Dest: &n, Query: `SELECT COUNT(*) AS n FROM login_failures`}); err != nil || n[0].N != 2 {
			t.Errorf("after failed reads: %v, %v", n, err)
		}
	})
}

// On PostgreSQL the pipeline's reads run in one read-only REPEATABLE READ transaction, as
// ReadSnapshot's do: every one of them says so, and sees the same transaction start.
func TestReadTogetherIsOneSnapshot(t *testing.T) {
	db := databasetest.Postgres(t)
	type state struct {
		Isolation string    `db:"isolation"`
		ReadOnly  string    `db:"read_only"`
		Started   time.Time `db:"started"`
	}
	const q = `SELECT current_setting('transaction_isolation') AS isolation,
		current_setting('transaction_read_only') AS read_only, now() AS started`
	var first, second state
	var third []state
	if err := db.ReadTogether(context.Background(), database.Read{Dest: &first, Query: q, One: true},
		database.Read{Dest: &second, Query: q, One: true},
		database.Read{Dest: &third, Query: q}); err != nil {
		t.Fatal(err)
	}
	for _, s := range append([]state{first, second}, third...) {
		if s.Isolation != "repeatable read" || s.ReadOnly != "on" || !s.Started.Equal(first.Started) {
			t.Errorf("a read ran in %+v, want repeatable read, read-only, started %s", s, first.Started)
		}
	}
}
