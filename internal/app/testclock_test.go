package app_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// TestTestClockMovesEveryRule: with HIVE_TEST_CLOCK the clock path moves the database's clock
// (what every rule reads) ahead, refuses to move it back, and does not exist without the
// variable.
func TestTestClockMovesEveryRule(t *testing.T) {
	db := databasetest.SQLite(t)
	s := apptest.Start(t, db, func(c *config.Config) { c.TestClock = true })
	c := s.Client()
	before := db.Now()
	c.Do(http.MethodPost, s.URL+app.TestClockPath, map[string]string{"advance": "25h"}).Want(http.StatusOK)
	if ahead := db.Now().Sub(before); ahead < 25*time.Hour || ahead > 25*time.Hour+time.Minute {
		t.Fatalf("database clock moved by %s, want 25h", ahead)
	}
	for _, bad := range []string{"-1h", "soon", ""} {
		c.Do(http.MethodPost, s.URL+app.TestClockPath, map[string]string{"advance": bad}).Want(http.StatusBadRequest)
	}

	plain := apptest.Start(t, databasetest.SQLite(t))
	res := plain.Client().Do(http.MethodPost, plain.URL+app.TestClockPath, map[string]string{"advance": "25h"})
	if res.Status == http.StatusOK || strings.Contains(string(res.Body), "now") {
		t.Fatalf("clock path without HIVE_TEST_CLOCK: %d %s", res.Status, res.Body)
	}
}
