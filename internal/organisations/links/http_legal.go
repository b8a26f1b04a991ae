package links

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/paging"
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

// LegalListParams are the paging and sort query parameters of its lists.
type LegalListParams struct {
	paging.Params
	Sort string `query:"sort" enum:"id,-id,entity,-entity,legalEntity,-legalEntity," default:"id"`
}

func (p LegalListParams) page() Page { return Page{Sort: p.Sort, Offset: p.Offset(), Limit: p.Limit()} }

// legalRules: an entity's viewers see its legal entity links and its managers change them;
// a new link may name only a legal entity the caller may see.
func (h *handlers) legalRules() rules[LegalRef, LegalView] {
	return rules[LegalRef, LegalView]{kind: legalLinks, find: h.store.Legal, view: legalView, managed: 0,
		ends:    func(r LegalRef) [2]int64 { return [2]int64{r.EntityID, r.LegalEntityID} },
		canView: access.CanViewEntity, canManage: access.CanManageEntity,
		requireManager: access.RequireEntityManager, other: h.requireLegalEntity}
}

// legalOf is the input of the lists of one entity's links and of those of a user's entities.
type legalOf struct {
	RecordID
	LegalListParams
}

func (h *handlers) legalLists() lists[LegalRef, LegalView, LegalFilter, legalPage] {
	return lists[LegalRef, LegalView, LegalFilter, legalPage]{
		read: h.store.LegalRefs, view: legalView, scope: entityScope, requireViewer: access.RequireEntityViewer,
		ofRecord: func(id int64) LegalFilter { return LegalFilter{EntityIDs: []int64{id}} },
		ofUser:   func(id int64) LegalFilter { return LegalFilter{LinkedUserID: id} }}
}

func (h *handlers) registerLegal(a huma.API) {
	registerKind[legalOf](a, kindAPI{base: "/associations/entity-legal-entity-refs", tag: "Entity-Legal-Entity links",
		name: "EntityLegalEntity", record: "entity",
		list:     "Entity-legal-entity connections the caller may see, one page at a time",
		create:   "Connect an entity to a legal entity (the entity's managers, administrators)",
		get:      "One entity-legal-entity link",
		update:   "Point a link at another legal entity",
		remove:   "Disconnect a legal entity from an entity",
		byRecord: "The legal entities connected to an entity",
		byUser:   "The legal entities of the entities a user is connected to"},
		h.legalRules(), h.legalLists(), h.store.DeleteLegal, h.listLegal, h.createLegal, h.updateLegal)
}

func (h *handlers) listLegal(ctx context.Context, in *struct {
	LegalListParams
	EntityIDs      []int64 `query:"entityIds,explode"`
	LegalEntityIDs []int64 `query:"legalEntityIds,explode"`
}) (*output[legalPage], error) {
	return h.legalLists().all(ctx, LegalFilter{EntityIDs: in.EntityIDs, LegalEntityIDs: in.LegalEntityIDs}, in.page())
}

// requireLegalEntity refuses a legal entity that does not exist or that the caller may not
// see, in the same words, so ids of others' legal entities are not confirmed.
func (h *handlers) requireLegalEntity(ctx context.Context, p *auth.Principal, id int64) error {
	found, visible, err := h.store.LegalEntityVisible(ctx, id, entityScope(p))
	if err != nil {
		return err
	}
	if !found || !visible {
		return apperror.Field("legalEntityId", MsgLegalUnknown)
	}
	return nil
}

func (h *handlers) createLegal(ctx context.Context, in *struct {
	Body struct {
		EntityID      int64 `json:"entityId,omitempty"`
		LegalEntityID int64 `json:"legalEntityId,omitempty"`
	}
}) (*output[LegalView], error) {
	b, k := in.Body, h.legalRules()
	if err := k.checkNew(ctx, [2]int64{b.EntityID, b.LegalEntityID}); err != nil {
		return nil, err
	}
	return k.saved(h.store.CreateLegal(ctx, b.EntityID, b.LegalEntityID))
}

func (h *handlers) updateLegal(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		ID            int64 `json:"id,omitempty" doc:"Must match the path when given"`
		Version       int   `json:"version"`
		LegalEntityID int64 `json:"legalEntityId,omitempty"`
	}
}) (*output[LegalView], error) {
	k := h.legalRules()
	r, p, err := k.changing(ctx, in.ID, in.Body.ID)
	if err != nil {
		return nil, err
	}
	target := in.Body.LegalEntityID
	if target == 0 {
		target = r.LegalEntityID
	} else if target != r.LegalEntityID {
		if err := h.requireLegalEntity(ctx, p, target); err != nil {
			return nil, err
		}
	}
	return k.saved(h.store.MoveLegal(ctx, in.ID, in.Body.Version, target))
}
