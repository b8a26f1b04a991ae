package app_test

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// devClock turns the test clock on in a development environment, the only one that allows it.
func devClock(c *config.Config) { c.Env, c.TestClock = "DEV", true }

// TestTestClockMovesEveryRule: with HIVE_TEST_CLOCK the clock path moves the database's clock
// (what every rule reads) ahead, refuses to move it back, and does not exist without the
// variable.
func TestTestClockMovesEveryRule(t *testing.T) {
	db := databasetest.SQLite(t)
	s := apptest.Start(t, db, devClock)
	c := s.Client()
	before := db.Now()
	c.Do(http.MethodPost, app.TestClockPath, map[string]string{"advance": "25h"}).Want(http.StatusOK)
	if ahead := db.Now().Sub(before); ahead < 25*time.Hour || ahead > 25*time.Hour+time.Minute {
		t.Fatalf("database clock moved by %s, want 25h", ahead)
	}
	for _, bad := range []string{"-1h", "soon", ""} {
		c.Do(http.MethodPost, app.TestClockPath, map[string]string{"advance": bad}).Want(http.StatusBadRequest)
	}

	plain := apptest.Start(t, databasetest.SQLite(t))
	res := plain.Client().Do(http.MethodPost, app.TestClockPath, map[string]string{"advance": "25h"})
	if res.Status == http.StatusOK || strings.Contains(string(res.Body), "now") {
		t.Fatalf("clock path without HIVE_TEST_CLOCK: %d %s", res.Status, res.Body)
	}
}

// TestTestClockNeedsTheCSRFToken: a cross-site page (another Origin, or no token) cannot move the
// clock, which would end every session and let login limits lapse; the refusal is the CSRF one
// every other write gets.
func TestTestClockNeedsTheCSRFToken(t *testing.T) {
	db := databasetest.SQLite(t)
	s := apptest.Start(t, db, devClock)
	before := db.Now()

	noToken := s.Client()
	noToken.CSRF = ""
	noToken.Do(http.MethodPost, app.TestClockPath, map[string]string{"advance": "13h"}).
		WantError(http.StatusForbidden, apperror.CodeCSRF)
	crossSite := s.Client()
	crossSite.Do(http.MethodPost, app.TestClockPath, map[string]string{"advance": "13h"},
		"Origin", "https://attacker.example").WantError(http.StatusForbidden, apperror.CodeCSRF)
	wrongToken := s.Client()
	wrongToken.CSRF = s.Client().CSRF // another visitor's token, not this one's cookie
	wrongToken.Do(http.MethodPost, app.TestClockPath, map[string]string{"advance": "13h"}).
		WantError(http.StatusForbidden, apperror.CodeCSRF)
	if moved := db.Now().Sub(before); moved > time.Minute {
		t.Fatalf("refused requests moved the clock by %s", moved)
	}
}

// TestTestClockOnlyInDevelopment: a server configured with the test clock outside DEV and
// LOCAL DEV does not start, even when the configuration was built without FromEnv's checks.
func TestTestClockOnlyInDevelopment(t *testing.T) {
	for _, env := range []string{"", "PROD", "DEMO"} {
		cfg := config.Config{Env: env, TestClock: true, BaseURL: "http://127.0.0.1"}
		_, err := app.NewWithDB(cfg, databasetest.SQLite(t), slog.New(slog.NewTextHandler(io.Discard, nil)))
		if !errors.Is(err, config.ErrTestClockEnv) {
			t.Errorf("HIVE_ENV %q: %v", env, err)
		}
	}
	s := apptest.Start(t, databasetest.SQLite(t), func(c *config.Config) { c.Env, c.TestClock = "LOCAL DEV", true })
	s.Client().Do(http.MethodPost, app.TestClockPath, map[string]string{"advance": "1h"}).Want(http.StatusOK)
}
