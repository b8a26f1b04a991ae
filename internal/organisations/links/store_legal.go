package links

import (
	"context"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/database"
)

// LegalSorts are the sorts of the entity-legal-entity list.
var LegalSorts = sorts(map[string]sortKey{
	"entity":      {order: "e.name_lc, r.id", join: " JOIN entities e ON e.id = r.entity_id"},
	"legalEntity": {order: "LOWER(" + legalName + "), r.id", join: " JOIN legal_entities le ON le.id = r.legal_entity_id"},
})

// legalName is a legal entity's name: the company name, else the trading name.
const legalName = "COALESCE(NULLIF(le.company_name, ''), le.trading_name)"

var legalLinks = kind{
	table: "entity_legal_entity_refs",
	what:  "legal entity link",
	read: `SELECT r.id, r.entity_id, r.legal_entity_id, r.version, e.name AS entity_name,
	` + legalName + ` AS legal_name, le.status AS legal_status
	FROM entity_legal_entity_refs r
	JOIN entities e ON e.id = r.entity_id
	JOIN legal_entities le ON le.id = r.legal_entity_id`,
	sorts:     LegalSorts,
	ends:      [2]end{entityEnd, legalEnd},
	cols:      "entity_id, legal_entity_id",
	duplicate: MsgDuplicateLegal,
}

func findLegal(ctx context.Context, q database.Reader, id int64) (LegalRef, error) {
	return findRef[LegalRef](ctx, q, legalLinks, id)
}

// Legal returns one entity-legal-entity link; not found is N-404.
func (s *Store) Legal(ctx context.Context, id int64) (LegalRef, error) {
	return findLegal(ctx, s.DB, id)
}

// LegalRefs returns one page of entity-legal-entity links within scope (entities) and the total.
func (s *Store) LegalRefs(ctx context.Context, f LegalFilter, sc Scope, p Page) ([]LegalRef, int, error) {
	var c conds
	c.scope("r.entity_id", "", sc)
	c.In("r.entity_id", f.EntityIDs)
	c.In("r.legal_entity_id", f.LegalEntityIDs)
	if f.LinkedUserID != 0 {
		c.Add("r.entity_id IN (SELECT entity_id FROM user_entity_refs WHERE user_id = ?)", f.LinkedUserID)
	}
	return listRefs(ctx, s.DB, legalLinks, c, p, func(r LegalRef) int64 { return r.ID })
}

// LegalEntityVisible reports whether legal entity id exists and whether a caller who sees the
// entities of sc may see it: administrators see all; others see legal entities connected to an
// entity they may see.
func (s *Store) LegalEntityVisible(ctx context.Context, id int64, sc Scope) (found, visible bool, err error) {
	if found, err = exists(ctx, s.DB, "legal_entities", id); err != nil || !found {
		return found, false, err
	}
	if sc.Visible.All {
		return true, true, nil
	}
	if sc.Visible.None() {
		return true, false, nil
	}
	var n int
	cond, ids := sc.Visible.Condition("entity_id")
	err = s.DB.Get(ctx, &n, `SELECT COUNT(*) FROM entity_legal_entity_refs WHERE legal_entity_id = ? AND `+cond,
		append([]any{id}, ids...)...)
	return true, n > 0, err
}

// legalAuditRow is the link as the history shows it.
func legalAuditRow(r LegalRef) map[string]any {
	return map[string]any{"id": r.ID, "entityId": r.EntityID, "legalEntityId": r.LegalEntityID, "version": r.Version}
}

// recordLegal writes the history of a change to link id: the link as it now is (r) or, for
// a deletion, as it was.
func recordLegal(ctx context.Context, tx *database.Tx, op audit.Action, r LegalRef) error {
	return audit.Record(ctx, tx, op, audit.SourceLegalEntityRef, r.ID, legalAuditRow(r))
}

// CreateLegal connects an entity to a legal entity and records it in the history.
func (s *Store) CreateLegal(ctx context.Context, entityID, legalEntityID int64) (LegalRef, error) {
	return writeRef(ctx, s.DB, findLegal, func(tx *database.Tx) (int64, error) {
		return insertRef(ctx, tx, legalLinks, entityID, legalEntityID)
	}, func(tx *database.Tx, r LegalRef) error { return recordLegal(ctx, tx, audit.Insert, r) })
}

// MoveLegal points link id at another legal entity when version is still current, and records
// it in the history.
func (s *Store) MoveLegal(ctx context.Context, id int64, version int, legalEntityID int64) (LegalRef, error) {
	return writeRef(ctx, s.DB, findLegal, func(tx *database.Tx) (int64, error) {
		if err := mustExist(ctx, tx, legalEnd.table, legalEntityID, legalEnd.field, legalEnd.missing); err != nil {
			return id, err
		}
		return id, updateRef(ctx, tx, legalLinks, id, version, "legal_entity_id = ?", legalEntityID)
	}, func(tx *database.Tx, r LegalRef) error { return recordLegal(ctx, tx, audit.Update, r) })
}

// DeleteLegal removes link id and records it in the history.
func (s *Store) DeleteLegal(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		r, err := findLegal(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := deleteRef(ctx, tx, legalLinks, id); err != nil {
			return err
		}
		return recordLegal(ctx, tx, audit.Delete, r)
	})
}
