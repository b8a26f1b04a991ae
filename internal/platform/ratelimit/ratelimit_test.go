package ratelimit

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestHit(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 10, 0, 10, 0, time.UTC)
		db.Now = func() time.Time { return now }
		rule := Rule{Limit: 3, Window: time.Minute}
		hit := func(key string) error {
			return db.InTx(ctx, func(tx *database.Tx) error { return Hit(ctx, tx, key, rule) })
		}
		for i := 0; i < 3; i++ {
			if err := hit("login:a"); err != nil {
				t.Fatalf("hit %d: %v", i, err)
			}
		}
		err := hit("login:a")
		e := apperror.As(err)
		if e == nil || e.Code != apperror.CodeTooManyRequests || e.RetryAfter != 51 {
			t.Fatalf("4th hit: %v (retry %v)", err, e)
		}
		if err := hit("login:b"); err != nil {
			t.Fatalf("other key limited: %v", err)
		}
		now = now.Add(time.Minute)
		if err := hit("login:a"); err != nil {
			t.Fatalf("new window still limited: %v", err)
		}
		if err := Purge(ctx, db, time.Second); err != nil {
			t.Fatal(err)
		}
	})
}
