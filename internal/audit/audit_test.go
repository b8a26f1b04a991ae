package audit

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestRecord(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		admin := &auth.Principal{UserID: 1, FirstName: "Ada", LastName: "Admin", CanAdmin: true, ImpersonatorID: 0}
		acting := &auth.Principal{UserID: 2, FirstName: "Sam", LastName: "Turner", ImpersonatorID: 1}
		var txID string
		err := db.InTx(context.Background(), func(tx *database.Tx) error {
			txID = tx.ID
			if err := Record(auth.WithPrincipal(context.Background(), admin), tx, Insert, SourceUser, 5, map[string]any{"id": 5}); err != nil {
				return err
			}
			if err := Record(auth.WithPrincipal(context.Background(), acting), tx, Update, SourceUser, 5, map[string]any{"id": 5, "label": "x"}); err != nil {
				return err
			}
			return Record(context.Background(), tx, Delete, SourceUser, 5, nil)
		})
		if err != nil {
			t.Fatal(err)
		}
		var rows []struct {
			Action string  `db:"hive_action"`
			Row    *string `db:"row_json"`
			actor
		}
		if err := db.Select(context.Background(), &rows, `SELECT hive_action, hive_user_id, hive_impersonator_user_id,
			hive_user_name, hive_tx_id, hive_is_admin, hive_role, row_json FROM audit_log ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 {
			t.Fatalf("%d rows", len(rows))
		}
		a, u, d := rows[0], rows[1], rows[2]
		if a.Action != "INSERT" || *a.UserID != 1 || !a.IsAdmin || a.Role != "admin" || a.UserName != "Ada Admin" || a.TxID != txID {
			t.Errorf("insert %+v", a)
		}
		if u.Action != "UPDATE" || *u.UserID != 2 || u.ImpersonatorID == nil || *u.ImpersonatorID != 1 || u.Role != "staff" {
			t.Errorf("update %+v", u)
		}
		if d.Action != "DELETE" || d.UserID != nil || d.TxID != txID {
			t.Errorf("delete %+v", d)
		}
	})
}
