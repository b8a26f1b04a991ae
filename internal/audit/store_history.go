package audit

import (
	"context"
	"slices"
	"strings"

	"github.com/hive/hive/internal/platform/database"
)

// Records names records of one source whose entries belong to a history, with their display
// names when the records' owner gives them (a booking's placements and instructions).
type Records struct {
	Source Source
	IDs    []int64
	Names  map[int64]string
}

// BookingRecords lists the records whose entries make up a booking's history (the booking, its
// placements and its instructions). The bookings feature owns those tables and imports this
// package, so internal/app hands the function in (docs/architecture.md).
type BookingRecords func(ctx context.Context, r database.Reader, bookingID int64) ([]Records, error)

// HistoryStore reads audit_log; it never writes (Record does, inside the caller's transaction)
// and offers no update or delete: the table is append-only, which migration 00018 enforces.
type HistoryStore struct{ DB *database.DB }

// historyColumns selects an entry with its version (its 1-based position among the entries of
// the same source and record, by id) and the previous version's row, computed in SQL by window
// functions over the matching entries only.
const historyColumns = `id, hive_action, hive_source, record_id, row_json, previous_json, version, hive_user_id,
	hive_impersonator_user_id, hive_user_name, hive_tx_id, hive_is_admin, hive_role, created_at`

const windowed = `SELECT a.id, a.hive_action, a.hive_source, a.record_id, a.row_json, a.hive_user_id,
	a.hive_impersonator_user_id, a.hive_user_name, a.hive_tx_id, a.hive_is_admin, a.hive_role, a.created_at,
	ROW_NUMBER() OVER (PARTITION BY a.hive_source, a.record_id ORDER BY a.id) AS version,
	LAG(a.row_json) OVER (PARTITION BY a.hive_source, a.record_id ORDER BY a.id) AS previous_json
	FROM audit_log a`

// Page reads one page of the entries of records, newest first, and how many there are.
func (s *HistoryStore) Page(ctx context.Context, records []Records, offset, limit int) ([]historyRow, int, error) {
	cond, args := recordsWhere(records)
	if cond == "" {
		return nil, 0, nil
	}
	var total int
	if err := s.DB.Get(ctx, &total, `SELECT COUNT(*) FROM audit_log a WHERE `+cond, args...); err != nil {
		return nil, 0, err
	}
	if total == 0 || offset >= total {
		return nil, total, nil
	}
	page, pageArgs := database.LimitOffset(limit, offset)
	var rows []historyRow
	err := s.DB.Select(ctx, &rows, `SELECT `+historyColumns+` FROM (`+windowed+` WHERE `+cond+`) h ORDER BY id DESC`+page,
		append(args, pageArgs...)...)
	return rows, total, err
}

// Entry reads one entry by its id; 404 when there is none.
func (s *HistoryStore) Entry(ctx context.Context, id int64) (historyRow, error) {
	var r historyRow
	// The window needs the entry's siblings: select them by the entry's own source and record.
	err := s.DB.Get(ctx, &r, `SELECT `+historyColumns+` FROM (`+windowed+`
		JOIN audit_log e ON e.hive_source = a.hive_source AND e.record_id = a.record_id AND e.id = ?) h
		WHERE id = ?`, id, id)
	return r, database.NotFound(err, "Audit record")
}

// recordsWhere is the condition matching the entries of records: one (source, ids) clause each,
// so every clause uses the (hive_source, record_id) index.
func recordsWhere(records []Records) (string, []any) {
	var clauses []string
	var args []any
	for _, r := range records {
		if len(r.IDs) == 0 {
			continue
		}
		marks, ids := database.In(r.IDs)
		clauses = append(clauses, "(a.hive_source = ? AND a.record_id IN ("+marks+"))")
		args = append(append(args, string(r.Source)), ids...)
	}
	return strings.Join(clauses, " OR "), args
}

// nameQueries read display names of the records ids in nameFields point at. They name other
// features' tables, the one exception the architecture allows for display names
// (docs/architecture.md, "Joins for names and scope"): one query per kind and page, read only.
var nameQueries = map[Source]string{
	SourceUser:        `SELECT id, TRIM(first_name || ' ' || last_name) AS name FROM users WHERE id IN `,
	SourceEntity:      `SELECT id, name FROM entities WHERE id IN `,
	SourceLegalEntity: `SELECT id, CASE WHEN company_name <> '' THEN company_name ELSE trading_name END AS name FROM legal_entities WHERE id IN `,
	SourceDepartment:  `SELECT id, name FROM departments WHERE id IN `,
}

// Names reads the names of the records in want: from given (the history's own records, named
// by their owner) first, then from nameQueries.
func (s *HistoryStore) Names(ctx context.Context, want map[Source][]int64, given []Records) (map[Source]map[int64]string, error) {
	out := map[Source]map[int64]string{}
	for _, r := range given {
		if len(r.Names) > 0 {
			out[r.Source] = r.Names
		}
	}
	for src, ids := range want {
		query, ok := nameQueries[src]
		if !ok || len(ids) == 0 {
			continue
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		var rows []struct {
			ID   int64  `db:"id"`
			Name string `db:"name"`
		}
		marks, args := database.In(ids)
		if err := s.DB.Select(ctx, &rows, query+"("+marks+")", args...); err != nil {
			return nil, err
		}
		if out[src] == nil {
			out[src] = map[int64]string{}
		}
		for _, r := range rows {
			out[src][r.ID] = r.Name
		}
	}
	return out, nil
}

// LinksNaming lists the entity–legal-entity links whose entries ever named id in field
// (entityId or legalEntityId), so an entity's or legal entity's history shows its links being
// made, moved and removed. It reads the entries themselves: a removed link's row is gone from
// its table, and a moved one named another record before. The JSON is read per engine.
func (s *HistoryStore) LinksNaming(ctx context.Context, field string, id int64) ([]int64, error) {
	value := `json_extract(row_json, '$.` + field + `')`
	if s.DB.Dialect == database.Postgres {
		value = `CAST(row_json::jsonb ->> '` + field + `' AS BIGINT)`
	}
	var ids []int64
	err := s.DB.Select(ctx, &ids, `SELECT DISTINCT record_id FROM audit_log WHERE hive_source = ? AND `+value+` = ?
		ORDER BY record_id`, string(SourceLegalEntityRef), id)
	return ids, err
}
