package links

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
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

// LegalListParams are the paging and sort query parameters of its lists.
type LegalListParams struct {
	Page     int    `query:"page" minimum:"1" default:"1"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"100" default:"20"`
	Sort     string `query:"sort" enum:"id,-id,entity,-entity,legalEntity,-legalEntity," default:"id"`
}

func (p LegalListParams) page() Page { return pageOf(p.Page, p.PageSize, p.Sort) }

// legalRules: an entity's viewers see its legal entity links and its managers change them;
// a new link may name only a legal entity the caller may see.
func (h *handlers) legalRules() rules[LegalRef, LegalView] {
	return rules[LegalRef, LegalView]{kind: legalLinks, find: h.store.Legal, view: legalView, managed: 0,
		ends:    func(r LegalRef) [2]int64 { return [2]int64{r.EntityID, r.LegalEntityID} },
		canView: access.CanViewEntity, canManage: access.CanManageEntity,
		requireManager: access.RequireEntityManager, other: h.requireLegalEntity}
}

func (h *handlers) registerLegal(api huma.API) {
	const base, tag = "/associations/entity-legal-entity-refs", "Entity-Legal-Entity links"
	k := h.legalRules()
	register(api, tag, "listEntityLegalEntityRefs", http.MethodGet, base,
		"Entity-legal-entity connections the caller may see, one page at a time", []int{422}, h.listLegal)
	register(api, tag, "createEntityLegalEntityRef", http.MethodPost, base,
		"Connect an entity to a legal entity (the entity's managers, administrators)", []int{403, 404, 409, 422}, h.createLegal)
	register(api, tag, "getEntityLegalEntityRef", http.MethodGet, base+"/{id}", "One entity-legal-entity link",
		[]int{404}, k.get)
	register(api, tag, "updateEntityLegalEntityRef", http.MethodPatch, base+"/{id}",
		"Point a link at another legal entity", []int{403, 404, 409, 422}, h.updateLegal)
	register(api, tag, "deleteEntityLegalEntityRef", http.MethodDelete, base+"/{id}",
		"Disconnect a legal entity from an entity", []int{403, 404}, k.remove(h.store.DeleteLegal))
	register(api, tag, "listEntityLegalEntityRefsByEntity", http.MethodGet, base+"/by-entity-id/{id}",
		"The legal entities connected to an entity", []int{404}, h.legalByEntity)
	register(api, tag, "listEntityLegalEntityRefsByUser", http.MethodGet, base+"/by-user-id/{id}",
		"The legal entities of the entities a user is connected to", nil, h.legalByUser)
}

func (h *handlers) legalPage(ctx context.Context, f LegalFilter, sc Scope, p Page) (*struct{ Body legalPage }, error) {
	rows, total, err := h.store.LegalRefs(ctx, f, sc, p)
	if err != nil {
		return nil, err
	}
	return &struct{ Body legalPage }{Body: legalPage(pageOfViews(rows, total, legalView))}, nil
}

func (h *handlers) listLegal(ctx context.Context, in *struct {
	LegalListParams
	EntityIDs      []int64 `query:"entityIds,explode"`
	LegalEntityIDs []int64 `query:"legalEntityIds,explode"`
}) (*struct{ Body legalPage }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return h.legalPage(ctx, LegalFilter{EntityIDs: in.EntityIDs, LegalEntityIDs: in.LegalEntityIDs}, entityScope(p),
		in.page())
}

func (h *handlers) legalByEntity(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
	LegalListParams
}) (*struct{ Body legalPage }, error) {
	if _, err := access.RequireEntityViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	return h.legalPage(ctx, LegalFilter{EntityIDs: []int64{in.ID}}, Scope{All: true}, in.page())
}

func (h *handlers) legalByUser(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
	LegalListParams
}) (*struct{ Body legalPage }, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return h.legalPage(ctx, LegalFilter{LinkedUserID: in.ID}, byUserScope(p, in.ID, entityScope), in.page())
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
	r, p, err := k.load(ctx, in.ID, true)
	if err != nil {
		return nil, err
	}
	if err := checkID(in.ID, in.Body.ID); err != nil {
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
