package links

import (
	"context"

	"github.com/danielgtaylor/huma/v2"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// LegalView is an entity-legal-entity link as the API shows it.
type LegalView struct {
	ID            int64           `json:"id"`
	EntityID      int64           `json:"entityId"`
	LegalEntityID int64           `json:"legalEntityId"`
	Entity        LinkNamedEntity `json:"entity"`
	LegalEntity   LinkLegalEntity `json:"legalEntity"`
	Version       int             `json:"version"`
}

// LinkNamedEntity is an id with a name.
type LinkNamedEntity struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// LinkLegalEntity names the legal entity of a link: its company name, else its trading name.
type LinkLegalEntity struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Status string `json:"status" enum:"not_validated,validated,rejected"`
}

func legalView(r LegalRef) LegalView {
	return LegalView{ID: r.ID, EntityID: r.EntityID, LegalEntityID: r.LegalEntityID,
		Entity:      LinkNamedEntity{ID: r.EntityID, Name: r.EntityName},
		LegalEntity: LinkLegalEntity{ID: r.LegalEntityID, Name: r.LegalName, Status: r.LegalStatus}, Version: r.Version}
}

type legalPage listPage[LegalView]

// legalSort is what the lists of this kind sort by.
type legalSort string

func (legalSort) Schema(huma.Registry) *huma.Schema { return sortSchema("id", "entity", "legalEntity") }

// legalQuery is the query of the grid of all entity-legal-entity links.
type legalQuery struct {
	ListParams[legalSort]
	EntityIDs      []int64 `query:"entityIds,explode"`
	LegalEntityIDs []int64 `query:"legalEntityIds,explode"`
}

func (q legalQuery) filter() LegalFilter {
	return LegalFilter{EntityIDs: q.EntityIDs, LegalEntityIDs: q.LegalEntityIDs}
}

// The bodies are aliases of unnamed structs, so the API document names them after their
// operations (createEntityLegalEntityRefRequest, ...).
type (
	legalNew = struct {
		EntityID      int64 `json:"entityId,omitempty"`
		LegalEntityID int64 `json:"legalEntityId,omitempty"`
	}
	legalChange = struct {
		Revision
		LegalEntityID int64 `json:"legalEntityId,omitempty"`
	}
)

// legalKind: an entity's viewers see its legal entity links and its managers change them; a
// link may name only a legal entity the caller may see.
func (h *handlers) legalKind() linkKind[LegalRef, LegalView, LegalFilter, legalPage, legalQuery, legalSort, legalNew, legalChange] {
	return linkKind[LegalRef, LegalView, LegalFilter, legalPage, legalQuery, legalSort, legalNew, legalChange]{
		api: kindAPI{base: "/associations/entity-legal-entity-refs", tag: "Entity-Legal-Entity links",
			name: "EntityLegalEntity", record: "entity",
			list:     "Entity-legal-entity connections the caller may see, one page at a time",
			create:   "Connect an entity to a legal entity (the entity's managers, administrators)",
			get:      "One entity-legal-entity link",
			update:   "Point a link at another legal entity",
			remove:   "Disconnect a legal entity from an entity",
			byRecord: "The legal entities connected to an entity",
			byUser:   "The legal entities of the entities a user is connected to"},
		kind: legalLinks, managed: 0, by: entityRecord, other: h.requireLegalEntity,
		find: h.store.Legal, read: h.store.LegalRefs, view: legalView,
		ends:     func(r LegalRef) [2]int64 { return [2]int64{r.EntityID, r.LegalEntityID} },
		ofRecord: func(id int64) LegalFilter { return LegalFilter{EntityIDs: []int64{id}} },
		ofUser:   func(id int64) LegalFilter { return LegalFilter{LinkedUserID: id} },
		newEnds:  func(b legalNew) [2]int64 { return [2]int64{b.EntityID, b.LegalEntityID} },
		create:   h.createLegal, update: h.moveLegal, remove: h.store.DeleteLegal,
	}
}

// requireLegalEntity refuses a legal entity that does not exist or that the caller may not
// see, in the same words, so ids of others' legal entities are not confirmed.
func (h *handlers) requireLegalEntity(ctx context.Context, p *auth.Principal, id int64) error {
	found, visible, err := h.store.LegalEntityVisible(ctx, id, entityRecord.scope(p))
	if err != nil {
		return err
	}
	if !found || !visible {
		return apperror.Field("legalEntityId", MsgLegalUnknown)
	}
	return nil
}

func (h *handlers) createLegal(ctx context.Context, b legalNew) (LegalRef, error) {
	return h.store.CreateLegal(ctx, b.EntityID, b.LegalEntityID)
}

// moveLegal points link r at the legal entity the body names, which p must be able to see;
// none (or the same) keeps it where it is.
func (h *handlers) moveLegal(ctx context.Context, p *auth.Principal, r LegalRef, b legalChange) (LegalRef, error) {
	target := b.LegalEntityID
	if target == 0 {
		target = r.LegalEntityID
	} else if target != r.LegalEntityID {
		if err := h.requireLegalEntity(ctx, p, target); err != nil {
			return r, err
		}
	}
	return h.store.MoveLegal(ctx, r.ID, b.Version, target)
}
