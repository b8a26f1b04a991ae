package database

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// The writer's statements are prepared after the transaction that first ran them, and serve
// later transactions with the same results and the same translated errors.
func TestWriterStatementsArePreparedForLaterTransactions(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "hive.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const insert = `INSERT INTO users (email, email_lc, created_at, updated_at) VALUES (?, ?, ?, ?)`
	add := func(email string) error {
		return db.InTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, insert, email, email, tx.Now, tx.Now)
			return err
		})
	}
	if err := add("a@x.test"); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); db.writeStmts.load(insert) == nil; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the insert was not prepared after its transaction")
		}
	}
	if err := add("b@x.test"); err != nil {
		t.Fatal(err)
	}
	if err := add("a@x.test"); !errors.Is(err, ErrUniqueViolation) {
		t.Fatalf("second a@: %v, want ErrUniqueViolation", err)
	}
	boom := errors.New("boom")
	err = db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, insert, "c@x.test", "c@x.test", tx.Now, tx.Now); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	var emails []string
	if err := db.Select(ctx, &emails, `SELECT email FROM users WHERE email LIKE '%@x.test' ORDER BY email`); err != nil {
		t.Fatal(err)
	}
	if len(emails) != 2 || emails[0] != "a@x.test" || emails[1] != "b@x.test" {
		t.Fatalf("users %v, want a@ and b@ (c@ rolled back)", emails)
	}

	// A statement that does not prepare reports its error and is not kept.
	const broken = `INSERT INTO no_such_table VALUES (1)`
	for range 2 {
		if err := db.InTx(ctx, func(tx *Tx) error { _, err := tx.Exec(ctx, broken); return err }); err == nil {
			t.Fatal("insert into a missing table succeeded")
		}
	}
	time.Sleep(50 * time.Millisecond)
	if db.writeStmts.load(broken) != nil {
		t.Error("a statement that does not prepare was cached")
	}
}
