package accounts_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

type whoami struct {
	ID           int64    `json:"id"`
	Email        string   `json:"email"`
	FirstName    string   `json:"firstName"`
	CanAdmin     bool     `json:"canAdmin"`
	Needs        []string `json:"needs"`
	UserLevel    string   `json:"userLevel"`
	BuildID      string   `json:"buildId"`
	Impersonator *struct {
		ID       int64  `json:"id"`
		FullName string `json:"fullName"`
	} `json:"impersonator"`
}

func TestLogin(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		login := func(c *apptest.Client, email, password string) *apptest.Response {
			return c.Do("POST", "/account/login", map[string]string{"email": email, "password": password})
		}
		cases := []struct {
			name, email, password string
			status                int
			code                  string
		}{
			{"wrong password", "admin@hive.test", "not-the-password", 401, apperror.CodeInvalidCredentials},
			{"unknown account", "nobody@hive.test", "HiveDemo2026!", 401, apperror.CodeInvalidCredentials},
			{"not activated", "inactive@hive.test", "HiveDemo2026!", 403, apperror.CodeNotActivated},
			{"needs reset", "reset@hive.test", "HiveDemo2026!", 403, apperror.CodeNeedsReset},
			{"not activated, wrong password reveals nothing", "inactive@hive.test", "wrong-password", 401, apperror.CodeInvalidCredentials},
			{"invalid email", "not-an-email", "HiveDemo2026!", 422, apperror.CodeValidation},
			{"short password", "admin@hive.test", "short", 422, apperror.CodeValidation},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				login(s.Client(), c.email, c.password).WantError(c.status, c.code)
			})
		}

		t.Run("success, whoami, logout", func(t *testing.T) {
			c := s.Client()
			var answer struct{ User whoami }
			login(c, "  Admin@Hive.test ", "HiveDemo2026!").Want(200).Decode(&answer)
			me := answer.User
			if me.Email != "admin@hive.test" || !me.CanAdmin || me.BuildID == "" {
				t.Fatalf("login answered %+v", me)
			}
			c.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
			if !contains(me.Needs, "admin") || me.UserLevel != "Staff" {
				t.Fatalf("whoami %+v", me)
			}
			c.Do("POST", "/account/logout", nil).Want(204)
			c.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		})

		t.Run("non-admins get no build id", func(t *testing.T) {
			var me whoami
			s.Login("freelancer@hive.test").Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
			if me.BuildID != "" || !contains(me.Needs, "freelancer") {
				t.Fatalf("freelancer whoami %+v", me)
			}
		})

		t.Run("validation errors locate the field", func(t *testing.T) {
			var e apptest.Problem
			login(s.Client(), "", "").Want(422).Decode(&e)
			got := map[string]string{}
			for _, d := range e.Detail {
				got[strings.Join(d.Loc, ".")] = d.Msg
			}
			if got["body.email"] != "Email is required" || got["body.password"] != "Password is required" {
				t.Fatalf("details %+v", e.Detail)
			}
		})
	})
}

func TestBadInputWritesNothing(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		c := s.Client()
		for name, body := range map[string]string{
			"not JSON":      `{"email": "admin@hive.test", "password": `,
			"wrong type":    `{"email": 42, "password": "HiveDemo2026!"}`,
			"unknown field": `{"email": "admin@hive.test", "password": "HiveDemo2026!", "isAdmin": true}`,
			"too long":      `{"email": "` + strings.Repeat("a", 400) + `@hive.test", "password": "HiveDemo2026!"}`,
		} {
			t.Run(name, func(t *testing.T) {
				c.Do("POST", "/account/login", body).WantError(422, apperror.CodeValidation)
			})
		}
		t.Run("oversized body", func(t *testing.T) {
			huge := `{"email": "` + strings.Repeat("a", 2<<20) + `"}`
			res := c.Do("POST", "/account/request-password-reset", huge)
			if res.Status != http.StatusRequestEntityTooLarge && res.Status != 422 {
				t.Fatalf("status %d", res.Status)
			}
		})
		var sessions int
		if err := db.Get(t.Context(), &sessions, `SELECT COUNT(*) FROM sessions`); err != nil || sessions != 0 {
			t.Fatalf("sessions = %d, %v", sessions, err)
		}
	})
}

func TestCSRF(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	body := map[string]string{"email": "admin@hive.test", "password": "HiveDemo2026!"}
	c := s.Client()
	token := c.CSRF
	c.CSRF = ""
	c.Do("POST", "/account/login", body).WantError(403, apperror.CodeCSRF)
	c.CSRF = "forged-token-forged-token-forged-token"
	c.Do("POST", "/account/login", body).WantError(403, apperror.CodeCSRF)
	c.CSRF = token
	c.Do("POST", "/account/login", body, "Origin", "https://evil.example").WantError(403, apperror.CodeCSRF)
	c.Do("POST", "/account/login", body, "Origin", s.URL).Want(200)
}

func TestLoginRateLimit(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		databasetest.StopClock(db) // the failure delays below must not run out while the test runs
		c := s.Client()
		var res *apptest.Response
		for i := 0; i < 11; i++ {
			res = c.Do("POST", "/account/login", map[string]string{"email": "staff@hive.test", "password": "wrong-password"})
		}
		res.WantError(503, apperror.CodeTooManyRequests)
		if res.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		// Another account from the same address is still allowed.
		c.Do("POST", "/account/login", map[string]string{"email": "admin@hive.test", "password": "HiveDemo2026!"}).Want(200)
	})
}

func TestImpersonation(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		admin := s.Login("admin@hive.test")
		var freelancer whoami
		s.Login("freelancer@hive.test").Do("GET", "/account/whoami", nil).Want(200).Decode(&freelancer)

		s.Login("staff@hive.test").Do("POST", "/account/impersonate/1", nil).WantError(403, apperror.CodeAccessDenied)

		res := admin.Do("POST", "/account/impersonate/"+itoa(freelancer.ID), nil).Want(200)
		if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), ";"), "hive_impersonating=1") {
			t.Fatalf("no impersonation cookie: %v", res.Header.Values("Set-Cookie"))
		}
		var me whoami
		admin.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if me.ID != freelancer.ID || me.Impersonator == nil || me.Impersonator.FullName != "Ada Admin" {
			t.Fatalf("impersonated whoami %+v", me)
		}
		// Acting as the freelancer carries the freelancer's rights, not the admin's.
		admin.Do("POST", "/account/impersonate/1", nil).WantError(403, apperror.CodeAccessDenied)
		admin.Do("GET", "/account", nil).WantError(403, apperror.CodeAccessDenied)

		admin.Do("POST", "/account/cancel-impersonate", nil).Want(200)
		me = whoami{}
		admin.Do("GET", "/account/whoami", nil).Want(200).Decode(&me)
		if me.Email != "admin@hive.test" || me.Impersonator != nil {
			t.Fatalf("after cancel %+v", me)
		}
		admin.Do("POST", "/account/cancel-impersonate", nil).WantError(409, apperror.CodeConflict)
		admin.Do("POST", "/account/impersonate/999999", nil).WantError(404, apperror.CodeNotFound)
	})
}

func TestAccountsReadRules(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		var page struct {
			Items []struct{ ID int64 }
			Total int
		}
		s.Login("admin@hive.test").Do("GET", "/account?role=freelancer&pageSize=20", nil).Want(200).Decode(&page)
		if page.Total < 13 || len(page.Items) == 0 {
			t.Fatalf("freelancer page %+v", page)
		}
		// Read-only staff list, read-only, only whom they may see: the demo
		// staff member views nothing, so only themself.
		staff := s.Login("staff@hive.test")
		var me whoami
		staff.Do("GET", "/account/whoami", nil).Decode(&me)
		staff.Do("GET", "/account", nil).Want(200).Decode(&page)
		if page.Total != 1 || len(page.Items) != 1 || page.Items[0].ID != me.ID {
			t.Errorf("staff's All Users = %+v, want only themself (%d)", page, me.ID)
		}
		staff.Do("GET", "/account/"+itoa(me.ID), nil).Want(200)
		staff.Do("GET", "/account/1", nil).WantError(403, apperror.CodeAccessDenied)
		staff.Do("GET", "/account?pageSize=1000", nil).WantError(422, apperror.CodeValidation)
	})
}

func TestAdminSetsPassword(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		staff := s.Login("staff@hive.test")
		var me whoami
		staff.Do("GET", "/account/whoami", nil).Decode(&me)
		path := "/account/" + itoa(me.ID) + "/set-password"

		staff.Do("POST", path, map[string]string{"password": "NewPassword1"}).WantError(403, apperror.CodeAccessDenied)
		admin := s.Login("admin@hive.test")
		admin.Do("POST", path, map[string]string{"password": "short"}).WantError(422, apperror.CodeValidation)
		admin.Do("POST", path, map[string]string{"password": "NewPassword1"}).Want(200)
		// The old session ended with the old password.
		staff.Do("GET", "/account/whoami", nil).WantError(401, apperror.CodeNotAuthenticated)
		s.Client().Do("POST", "/account/login", map[string]string{"email": "staff@hive.test", "password": "NewPassword1"}).Want(200)
	})
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
