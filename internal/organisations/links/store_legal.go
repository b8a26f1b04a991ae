package links

import (
	"context"
	"errors"
	"fmt"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// LegalSorts are the sorts of the entity-legal-entity list.
var LegalSorts = map[string]sortKey{
	"id":           {order: "r.id"},
	"-id":          {order: "r.id DESC"},
	"entity":       {order: "e.name_lc, r.id", join: " JOIN entities e ON e.id = r.entity_id"},
	"-entity":      {order: "e.name_lc DESC, r.id DESC", join: " JOIN entities e ON e.id = r.entity_id"},
	"legalEntity":  {order: "LOWER(" + legalName + "), r.id", join: " JOIN legal_entities le ON le.id = r.legal_entity_id"},
	"-legalEntity": {order: "LOWER(" + legalName + ") DESC, r.id DESC", join: " JOIN legal_entities le ON le.id = r.legal_entity_id"},
}

// legalName is a legal entity's name: the company name, else the trading name.
const legalName = "COALESCE(NULLIF(le.company_name, ''), le.trading_name)"

const legalSelect = `SELECT r.id, r.entity_id, r.legal_entity_id, r.version, e.name AS entity_name,
	` + legalName + ` AS legal_name, le.status AS legal_status
	FROM entity_legal_entity_refs r
	JOIN entities e ON e.id = r.entity_id
	JOIN legal_entities le ON le.id = r.legal_entity_id`

func findLegal(ctx context.Context, q querier, id int64) (LegalRef, error) {
	var r LegalRef
	err := q.Get(ctx, &r, legalSelect+` WHERE r.id = ?`, id)
	return r, notFound(err, "Link")
}

// Legal returns one entity-legal-entity link; not found is N-404.
func (s *Store) Legal(ctx context.Context, id int64) (LegalRef, error) {
	return findLegal(ctx, s.DB, id)
}

// LegalRefs returns one page of entity-legal-entity links within scope (entities) and the total.
func (s *Store) LegalRefs(ctx context.Context, f LegalFilter, sc Scope, p Page) ([]LegalRef, int, error) {
	var c conds
	c.scope("r.entity_id", "", sc)
	c.in("r.entity_id", f.EntityIDs)
	c.in("r.legal_entity_id", f.LegalEntityIDs)
	if f.LinkedUserID != 0 {
		c.add("r.entity_id IN (SELECT entity_id FROM user_entity_refs WHERE user_id = ?)", f.LinkedUserID)
	}
	ids, total, err := pageIDs(ctx, s.DB, "entity_legal_entity_refs", c, LegalSorts, p.Sort, p)
	if err != nil || len(ids) == 0 {
		return []LegalRef{}, total, err
	}
	var rows []LegalRef
	if err := s.DB.Select(ctx, &rows, legalSelect+` WHERE r.id IN (`+database.Marks(len(ids))+`)`,
		database.IDArgs(ids)...); err != nil {
		return nil, 0, fmt.Errorf("legal entity links: %w", err)
	}
	return inOrder(ids, rows, func(r LegalRef) int64 { return r.ID }), total, nil
}

// LegalEntityVisible reports whether legal entity id exists and whether a caller who sees the
// entities of sc may see it: administrators see all; others see legal entities connected to an
// entity they may see.
func (s *Store) LegalEntityVisible(ctx context.Context, id int64, sc Scope) (found, visible bool, err error) {
	if found, err = exists(ctx, s.DB, "legal_entities", id); err != nil || !found {
		return found, false, err
	}
	if sc.All {
		return true, true, nil
	}
	if len(sc.Visible) == 0 {
		return true, false, nil
	}
	var n int
	err = s.DB.Get(ctx, &n, `SELECT COUNT(*) FROM entity_legal_entity_refs WHERE legal_entity_id = ?
		AND entity_id IN (`+database.Marks(len(sc.Visible))+`)`, append([]any{id}, database.IDArgs(sc.Visible)...)...)
	return true, n > 0, err
}

// legalAuditRow is the link as the history shows it.
func legalAuditRow(r LegalRef) map[string]any {
	return map[string]any{"id": r.ID, "entityId": r.EntityID, "legalEntityId": r.LegalEntityID, "version": r.Version}
}

// CreateLegal connects an entity to a legal entity and records it in the history.
func (s *Store) CreateLegal(ctx context.Context, entityID, legalEntityID int64) (LegalRef, error) {
	var r LegalRef
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := mustExist(ctx, tx, "entities", entityID, "entityId", MsgEntityUnknown); err != nil {
			return err
		}
		if err := mustExist(ctx, tx, "legal_entities", legalEntityID, "legalEntityId", MsgLegalUnknown); err != nil {
			return err
		}
		var id int64
		err := tx.Get(ctx, &id, `INSERT INTO entity_legal_entity_refs (entity_id, legal_entity_id, created_at, updated_at,
			version) VALUES (?, ?, ?, ?, 1) RETURNING id`, entityID, legalEntityID, tx.Now, tx.Now)
		if errors.Is(err, database.ErrUniqueViolation) {
			return apperror.Conflict(MsgDuplicateLegal)
		}
		if err != nil {
			return fmt.Errorf("insert legal entity link: %w", err)
		}
		if r, err = findLegal(ctx, tx, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Insert, audit.SourceLegalEntityRef, id, legalAuditRow(r))
	})
	return r, err
}

// MoveLegal points link id at another legal entity when version is still current, and records
// it in the history.
func (s *Store) MoveLegal(ctx context.Context, id int64, version int, legalEntityID int64) (LegalRef, error) {
	var r LegalRef
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := mustExist(ctx, tx, "legal_entities", legalEntityID, "legalEntityId", MsgLegalUnknown); err != nil {
			return err
		}
		n, err := tx.Exec(ctx, `UPDATE entity_legal_entity_refs SET legal_entity_id = ?, updated_at = ?,
			version = version + 1 WHERE id = ? AND version = ?`, legalEntityID, tx.Now, id, version)
		if errors.Is(err, database.ErrUniqueViolation) {
			return apperror.Conflict(MsgDuplicateLegal)
		}
		if err != nil {
			return fmt.Errorf("update legal entity link: %w", err)
		}
		if n == 0 {
			return staleOrGone(ctx, tx, "entity_legal_entity_refs", id, "Link")
		}
		if r, err = findLegal(ctx, tx, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceLegalEntityRef, id, legalAuditRow(r))
	})
	return r, err
}

// DeleteLegal removes link id and records it in the history.
func (s *Store) DeleteLegal(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		r, err := findLegal(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM entity_legal_entity_refs WHERE id = ?`, id); err != nil {
			return fmt.Errorf("delete legal entity link: %w", err)
		}
		return audit.Record(ctx, tx, audit.Delete, audit.SourceLegalEntityRef, id, legalAuditRow(r))
	})
}
