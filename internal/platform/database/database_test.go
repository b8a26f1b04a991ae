package database_test

import (
	"context"
	"errors"
	"io/fs"
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/migrations"
)

func TestMigrationsHaveTheSameFilesOnBothEngines(t *testing.T) {
	lite, _ := fs.Glob(migrations.FS, "sqlite/*.sql")
	pg, _ := fs.Glob(migrations.FS, "postgres/*.sql")
	if len(lite) == 0 || len(lite) != len(pg) {
		t.Fatalf("sqlite has %d migrations, postgres %d", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i][len("sqlite/"):] != pg[i][len("postgres/"):] {
			t.Errorf("migration %d: %s vs %s", i, lite[i], pg[i])
		}
	}
}

func TestTransactions(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		insert := func(tx *database.Tx, email string) error {
			_, err := tx.Exec(ctx, `INSERT INTO users (email, email_lc, created_at, updated_at) VALUES (?, ?, ?, ?)`,
				email, email, tx.Now, tx.Now)
			return err
		}
		t.Run("commit", func(t *testing.T) {
			if err := db.InTx(ctx, func(tx *database.Tx) error { return insert(tx, "a@x.test") }); err != nil {
				t.Fatal(err)
			}
			var n int
			if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM users WHERE email_lc = ?`, "a@x.test"); err != nil || n != 1 {
				t.Fatalf("count = %d, %v", n, err)
			}
		})
		t.Run("rollback on error", func(t *testing.T) {
			boom := errors.New("boom")
			err := db.InTx(ctx, func(tx *database.Tx) error {
				if err := insert(tx, "b@x.test"); err != nil {
					return err
				}
				return boom
			})
			if !errors.Is(err, boom) {
				t.Fatalf("err = %v", err)
			}
			var n int
			_ = db.Get(ctx, &n, `SELECT COUNT(*) FROM users WHERE email_lc = ?`, "b@x.test")
			if n != 0 {
				t.Fatalf("rolled-back row is visible")
			}
		})
		t.Run("unique violation is translated", func(t *testing.T) {
			err := db.InTx(ctx, func(tx *database.Tx) error { return insert(tx, "a@x.test") })
			if !errors.Is(err, database.ErrUniqueViolation) {
				t.Fatalf("err = %v, want ErrUniqueViolation", err)
			}
		})
		t.Run("foreign key violation is translated", func(t *testing.T) {
			err := db.InTx(ctx, func(tx *database.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
					[]byte("x"), 999999, tx.Now, tx.Now)
				return err
			})
			if !errors.Is(err, database.ErrForeignKeyViolation) {
				t.Fatalf("err = %v, want ErrForeignKeyViolation", err)
			}
		})
	})
}

func TestRebind(t *testing.T) {
	pg := &database.DB{Dialect: database.Postgres}
	if got := pg.Rebind("SELECT ? , ?"); got != "SELECT $1 , $2" {
		t.Errorf("postgres rebind = %q", got)
	}
	lite := &database.DB{Dialect: database.SQLite}
	if got := lite.Rebind("SELECT ?"); got != "SELECT ?" {
		t.Errorf("sqlite rebind = %q", got)
	}
}

func TestLimitOffset(t *testing.T) {
	if q, args := database.LimitOffset(20, 0); q != " LIMIT 20" || len(args) != 0 {
		t.Errorf("first page: %q %v", q, args)
	}
	if q, args := database.LimitOffset(20, 40); q != " LIMIT ? OFFSET ?" || len(args) != 2 {
		t.Errorf("deep page: %q %v", q, args)
	}
}
