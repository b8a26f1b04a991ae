package audit

import (
	"encoding/json"
	"slices"
	"strconv"
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
	RecordName             string         `json:"recordName" doc:"the changed record's name where known (a placement's title and date, a user's name), else empty"`
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
	// Names lets the diff show names rather than ids: for each id field of the page's rows (and
	// hiveImpersonatorUserId), the names of the ids it holds, as names[field][id].
	Names map[string]map[string]string `json:"names"`
}

// nameFields are the row fields holding the id of a record with a name, and that record's
// source; the history names their ids (Names). A row field not listed is shown as it is.
var nameFields = map[string]Source{
	"userId": SourceUser, "preferredSupplierId": SourceUser, "hiveImpersonatorUserId": SourceUser,
	"entityId": SourceEntity, "entityIds": SourceEntity, "clientId": SourceEntity,
	"legalEntityId": SourceLegalEntity, "preferredLegalEntityId": SourceLegalEntity,
	"departmentId": SourceDepartment, "bookingId": SourceBooking, "placementId": SourcePlacement,
	"substitutionOfId": SourceInstruction,
}

// SourceDepartment names departments for Names; departments have no history of their own.
const SourceDepartment Source = "department"

// wanted collects, per source, the ids a page's rows name (in nameFields) and the changed
// records themselves, for recordName.
func wanted(entries []HistoryEntry) map[Source][]int64 {
	out := map[Source][]int64{}
	for _, e := range entries {
		out[Source(e.HiveSource)] = append(out[Source(e.HiveSource)], e.RecordID)
		if e.HiveImpersonatorUserID != nil {
			out[SourceUser] = append(out[SourceUser], *e.HiveImpersonatorUserID)
		}
		for _, row := range []map[string]any{e.Row, e.Previous} {
			for field, src := range nameFields {
				out[src] = append(out[src], idsIn(row[field])...)
			}
		}
	}
	return out
}

// withNames fills each entry's recordName and the page's Names from names[source][id].
func withNames(p *HistoryPage, names map[Source]map[int64]string) {
	p.Names = map[string]map[string]string{}
	note := func(field string, id int64) {
		name, ok := names[nameFields[field]][id]
		if !ok {
			return
		}
		if p.Names[field] == nil {
			p.Names[field] = map[string]string{}
		}
		p.Names[field][strconv.FormatInt(id, 10)] = name
	}
	for i := range p.Items {
		e := &p.Items[i]
		e.RecordName = names[Source(e.HiveSource)][e.RecordID]
		if e.HiveImpersonatorUserID != nil {
			note("hiveImpersonatorUserId", *e.HiveImpersonatorUserID)
		}
		for _, row := range []map[string]any{e.Row, e.Previous} {
			for field := range nameFields {
				for _, id := range idsIn(row[field]) {
					note(field, id)
				}
			}
		}
	}
}

// idsIn reads the ids of a decoded JSON value: a number or a list of numbers.
func idsIn(v any) []int64 {
	switch x := v.(type) {
	case float64:
		return []int64{int64(x)}
	case []any:
		var out []int64
		for _, item := range x {
			if f, ok := item.(float64); ok {
				out = append(out, int64(f))
			}
		}
		return out
	}
	return nil
}

// historyRow is an audit_log row as the history reads it, with its version and the previous
// version's row computed in SQL (window functions over the same source and record).
type historyRow struct {
	ID           int64     `db:"id"`
	Action       string    `db:"hive_action"`
	Source       string    `db:"hive_source"`
	RecordID     int64     `db:"record_id"`
	RowJSON      string    `db:"row_json"`
	PreviousJSON *string   `db:"previous_json"`
	Version      int       `db:"version"`
	CreatedAt    time.Time `db:"created_at"`
	actor
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
// (passwordHash, password_hash, token, tokenHash, resetToken, clientSecret, apiKey...), or
// starts or ends with otp (otpSeed, totp; not footprint). The writers store no such field today;
// this keeps a future one from reaching the browser.
var secretWords = []string{"password", "passwd", "token", "secret", "hash", "apikey", "privatekey"}

// IsSecretKey reports whether a row field is withheld from the history.
func IsSecretKey(key string) bool {
	k := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(key))
	if strings.HasPrefix(k, "otp") || strings.HasSuffix(k, "otp") {
		return true
	}
	return slices.ContainsFunc(secretWords, func(w string) bool { return strings.Contains(k, w) })
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
