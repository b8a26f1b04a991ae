package accounts_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// One administrator cannot act under another's name.
func TestAttack_AdminCannotImpersonateAdmin(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		databasetest.Exec(t, db, `UPDATE users SET can_admin = ? WHERE email_lc = ?`, true, "manager@hive.test")
		var other whoami
		s.Login("manager@hive.test").Do("GET", "/account/whoami", nil).Decode(&other)
		admin := s.Login("admin@hive.test")
		res := admin.Do("POST", "/account/impersonate/"+itoa(other.ID), nil).WantError(403, apperror.CodeAccessDenied)
		if e := decodeFieldError(t, res); e.Error != accounts.MsgCannotImpersonateAdmin {
			t.Errorf("message %q", e.Error)
		}
		var me whoami
		admin.Do("GET", "/account/whoami", nil).Decode(&me)
		if me.Email != "admin@hive.test" || me.Impersonator != nil {
			t.Errorf("admin became %+v", me)
		}
	})
}

// Starting and ending an impersonation each leave an audit record naming the administrator
// and the user acted as.
func TestImpersonationIsAudited(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		var admin, target whoami
		s.Login("staff@hive.test").Do("GET", "/account/whoami", nil).Decode(&target)
		c := s.Login("admin@hive.test")
		c.Do("GET", "/account/whoami", nil).Decode(&admin)
		c.Do("POST", "/account/impersonate/"+itoa(target.ID), nil).Want(200)
		c.Do("POST", "/account/cancel-impersonate", nil).Want(200)
		var rows []struct {
			Action         string `db:"hive_action"`
			UserID         *int64 `db:"hive_user_id"`
			ImpersonatorID *int64 `db:"hive_impersonator_user_id"`
			Row            string `db:"row_json"`
		}
		if err := db.Select(context.Background(), &rows, `SELECT hive_action, hive_user_id, hive_impersonator_user_id, row_json
			FROM audit_log WHERE hive_source = 'session' ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 {
			t.Fatalf("%d records", len(rows))
		}
		for i, want := range []string{"impersonation_started", "impersonation_ended"} {
			var row struct {
				Event        string `json:"event"`
				AdminUserID  int64  `json:"adminUserId"`
				TargetUserID int64  `json:"targetUserId"`
				TargetName   string `json:"targetName"`
			}
			if err := json.Unmarshal([]byte(rows[i].Row), &row); err != nil {
				t.Fatal(err)
			}
			if rows[i].Action != "UPDATE" || row.Event != want || row.AdminUserID != admin.ID || row.TargetUserID != target.ID || row.TargetName != "Sam Turner" {
				t.Errorf("record %d: %+v %+v", i, rows[i], row)
			}
		}
		if *rows[0].UserID != admin.ID || rows[0].ImpersonatorID != nil {
			t.Errorf("start by %v as %v", rows[0].UserID, rows[0].ImpersonatorID)
		}
		if *rows[1].UserID != target.ID || rows[1].ImpersonatorID == nil || *rows[1].ImpersonatorID != admin.ID {
			t.Errorf("end by %v as %v", rows[1].UserID, rows[1].ImpersonatorID)
		}
	})
}

// An administrator acting as someone cannot change that user's password or sign them out
// everywhere: both are the user's own.
func TestImpersonatorCannotChangePasswordOrSignOutEverywhere(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		var target whoami
		owner := s.Login("staff@hive.test")
		owner.Do("GET", "/account/whoami", nil).Decode(&target)
		admin := s.Login("admin@hive.test")
		admin.Do("POST", "/account/impersonate/"+itoa(target.ID), nil).Want(200)
		admin.Do("POST", "/account/change-password", map[string]string{"currentPassword": accounts.DemoPassword, "newPassword": "Admin-chose-it-1"}).
			WantError(409, apperror.CodeConflict)
		admin.Do("POST", "/account/logout-everywhere", nil).WantError(409, apperror.CodeConflict)
		owner.Do("GET", "/account/whoami", nil).Want(200)
	})
}
