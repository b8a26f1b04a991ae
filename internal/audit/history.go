package audit

import (
	"encoding/json"
	"strings"
	"time"
)

// HistoryEntry is one audit record as the history operations show it: the spec's audit record
// fields (§3), the record after the change and the same record's previous version, so the web
// can show the difference without fetching anything else.
type HistoryEntry struct {
	ID                     int64          `json:"id"`
	HiveAction             string         `json:"hiveAction" enum:"INSERT,UPDATE,DELETE"`
	HiveSource             string         `json:"hiveSource" doc:"booking, placement, instruction, user, entity, legal_entity, legal_entity_ref, mail or session"`
	RecordID               int64          `json:"recordId" doc:"the id of the changed record in its source"`
	Version                int            `json:"version" doc:"this entry's position among the entries of the same source and record, from 1"`
	HiveUserID             *int64         `json:"hiveUserId" nullable:"true" doc:"who made the change; null for system work"`
	HiveImpersonatorUserID *int64         `json:"hiveImpersonatorUserId" nullable:"true" doc:"the administrator impersonating hiveUserId, if any"`
	HiveUserName           string         `json:"hiveUserName"`
	HiveTxID               string         `json:"hiveTxId" doc:"the transaction; entries written together share it"`
	HiveIsAdmin            bool           `json:"hiveIsAdmin"`
	HiveRole               string         `json:"hiveRole"`
	CreatedAt              time.Time      `json:"createdAt"`
	Row                    map[string]any `json:"row" nullable:"true" doc:"the record after the change, secrets removed; null when none was kept"`
	Previous               map[string]any `json:"previous" nullable:"true" doc:"the previous version's row, secrets removed; null for version 1"`
}

// HistoryPage is one page of a history, newest first.
type HistoryPage struct {
	Items []HistoryEntry `json:"items"`
	Total int            `json:"total"`
}

// historyRow is an audit_log row as the history reads it, with its version and the previous
// version's row computed in SQL (window functions over the same source and record).
type historyRow struct {
	ID             int64     `db:"id"`
	Action         string    `db:"hive_action"`
	Source         string    `db:"hive_source"`
	RecordID       int64     `db:"record_id"`
	RowJSON        string    `db:"row_json"`
	PreviousJSON   *string   `db:"previous_json"`
	Version        int       `db:"version"`
	UserID         *int64    `db:"hive_user_id"`
	ImpersonatorID *int64    `db:"hive_impersonator_user_id"`
	UserName       string    `db:"hive_user_name"`
	TxID           string    `db:"hive_tx_id"`
	IsAdmin        bool      `db:"hive_is_admin"`
	Role           string    `db:"hive_role"`
	CreatedAt      time.Time `db:"created_at"`
}

func entryOf(r historyRow) HistoryEntry {
	e := HistoryEntry{ID: r.ID, HiveAction: r.Action, HiveSource: r.Source, RecordID: r.RecordID, Version: r.Version,
		HiveUserID: r.UserID, HiveImpersonatorUserID: r.ImpersonatorID, HiveUserName: r.UserName, HiveTxID: r.TxID,
		HiveIsAdmin: r.IsAdmin, HiveRole: r.Role, CreatedAt: r.CreatedAt, Row: publicRow(r.RowJSON)}
	if r.PreviousJSON != nil {
		e.Previous = publicRow(*r.PreviousJSON)
	}
	return e
}

// publicRow decodes a stored row and removes its secrets; nil when it is not an object (a
// deletion may store null).
func publicRow(data string) map[string]any {
	var m map[string]any
	if err := json.Unmarshal([]byte(data), &m); err != nil || m == nil {
		return nil
	}
	redact(m)
	return m
}

// secretWords deny-lists keys that must never leave the server, whatever a writer put in its
// row: a key is dropped when its lower-case form, without '_' and '-', contains one of them
// (passwordHash, password_hash, token, tokenHash, resetToken, clientSecret, apiKey...). The
// writers store no such field today; this keeps a future one from reaching the browser.
var secretWords = []string{"password", "passwd", "token", "secret", "hash", "apikey", "privatekey", "otp"}

// IsSecretKey reports whether a row field is withheld from the history.
func IsSecretKey(key string) bool {
	k := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(key))
	for _, w := range secretWords {
		if w == "otp" {
			// Only as a whole word (otp, otpSecret is caught by secret): 'footprint' is no secret.
			if k == "otp" || strings.HasPrefix(k, "otp") || strings.HasSuffix(k, "otp") {
				return true
			}
			continue
		}
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// redact removes secret keys from m and from the objects nested in it.
func redact(m map[string]any) {
	for k, v := range m {
		if IsSecretKey(k) {
			delete(m, k)
			continue
		}
		redactValue(v)
	}
}

func redactValue(v any) {
	switch x := v.(type) {
	case map[string]any:
		redact(x)
	case []any:
		for _, item := range x {
			redactValue(item)
		}
	}
}
