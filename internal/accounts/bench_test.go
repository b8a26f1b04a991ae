package accounts_test

import (
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// BenchmarkLoginAndWhoami signs in and reads whoami through the real HTTP stack on SQLite. Each
// iteration moves the clock past the rate-limit window, so the limiter counts but never refuses.
func BenchmarkLoginAndWhoami(b *testing.B) {
	db := databasetest.SQLite(b)
	now := time.Now().UTC()
	db.Now = func() time.Time { return now }
	s := apptest.Start(b, db)
	body := map[string]string{"email": "admin@hive.test", "password": "HiveDemo2026!"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		now = now.Add(5 * time.Minute)
		c := s.Client()
		c.Do("POST", "/account/login", body).Want(200)
		c.Do("GET", "/account/whoami", nil).Want(200)
	}
}

// BenchmarkWhoami is the hot path alone: session lookup, needs and the user row.
func BenchmarkWhoami(b *testing.B) {
	s := apptest.Start(b, databasetest.SQLite(b))
	c := s.Login("admin@hive.test")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Do("GET", "/account/whoami", nil).Want(200)
	}
}
