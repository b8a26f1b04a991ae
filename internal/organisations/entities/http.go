package entities

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/companieshouse"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

// EntityView is an entity as the API shows it.
type EntityView struct {
	ID                     int64     `json:"id"`
	Name                   string    `json:"name"`
	Type                   string    `json:"type" enum:"base,agency,client,supplier"`
	TypeLabel              string    `json:"typeLabel"`
	PreferredLegalEntityID *int64    `json:"preferredLegalEntityId"`
	Country                string    `json:"country"`
	Timezone               string    `json:"timezone"`
	Email                  string    `json:"email"`
	CancelWindowDays       int       `json:"cancelWindowDays"`
	SecondFactorRequired   bool      `json:"secondFactorRequired" doc:"The entity's managers must sign in with a second factor"`
	CreatedAt              time.Time `json:"createdAt"`
	UpdatedAt              time.Time `json:"updatedAt"`
	Version                int       `json:"version"`
}

func viewOf(e Entity) EntityView {
	return EntityView{ID: e.ID, Name: e.Name, Type: e.Type, TypeLabel: TypeLabels[e.Type], PreferredLegalEntityID: e.PreferredLegalEntityID,
		Country: e.Country, Timezone: e.Timezone, Email: e.Email, CancelWindowDays: e.CancelWindowDays,
		SecondFactorRequired: e.SecondFactorRequired, CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt, Version: e.Version}
}

type viewOutput struct{ Body EntityView }

// EntityPage is one page of the All Entities grid.
type EntityPage struct {
	Items []EntityView `json:"items"`
	Total int          `json:"total"`
}

// EntityFields are the editable EntityFields shared by create and update bodies; all optional in the schema
// so that missing values get the spec's messages.
type EntityFields struct {
	Name             *string `json:"name,omitempty" maxLength:"500"`
	Type             *string `json:"type,omitempty" enum:"base,agency,client,supplier"`
	Country          *string `json:"country,omitempty" maxLength:"10"`
	Timezone         *string `json:"timezone,omitempty" maxLength:"100"`
	Email            *string `json:"email,omitempty" maxLength:"320"`
	CancelWindowDays *int    `json:"cancelWindowDays,omitempty"`
}

func (f EntityFields) changes() Changes { return Changes(f) }

type CreateEntityBody struct {
	EntityFields
}

type UpdateEntityBody struct {
	EntityFields
	// PreferredLegalEntityID picks one of the legal entities linked to the entity; 0 clears it.
	PreferredLegalEntityID *int64 `json:"preferredLegalEntityId,omitempty" minimum:"0" doc:"a linked legal entity; 0 clears it"`
	ID                     int64  `json:"id,omitempty" doc:"ignored; the path names the entity"`
	Version                int    `json:"version" minimum:"1"`
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// handlers holds what the operations need.
type handlers struct {
	store     *Store
	companies *companieshouse.Client
}

// Register adds the operations of this area.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, companies: companieshouse.New(d.Config.CompaniesHouseURL, d.Config.CompaniesHouseAPIKey)}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Entity"}
	httpapi.Op(ops, "listEntities", "GET /entity", "All Entities: one page of the entities the caller may see",
		httpapi.WithUser(h.list), 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "createEntity", "POST /entity",
		"Create an entity (administrators, or users who may create that type)", httpapi.WithUser(h.create), 403, 422)
	httpapi.Op(ops, "getEntity", "GET /entity/{id}", "One entity", h.get, 404)
	httpapi.Op(ops, "updateEntity", "PATCH /entity/{id}",
		"Change an entity (its managers and administrators); the type is locked", h.update, 403, 404, 409, 422)
	httpapi.Op(ops, "setEntitySecondFactor", "PUT /entity/{id}/second-factor-required",
		"Require a second factor of the entity's managers, or stop (administrators)", h.setSecondFactor, 403, 404)
	httpapi.Op(ops, "listEntitiesByUser", "GET /entity/by-user-id/{id}",
		"The entities a user is linked to, with the link's rights", httpapi.WithUser(h.byUser))
	httpapi.Op(ops, "listEntityDepartments", "GET /entity/{id}/department",
		"The departments of an entity", h.departments, 404)
	httpapi.Op(ops, "validateIban", "POST /entity/validate-iban", "Check and parse an IBAN (ISO 13616)", h.validateIBAN, 422)
	httpapi.Op(ops, "validateCompanyNumber", "POST /entity/validate-company-number",
		"Look a UK company up at Companies House (or check the number's format)", h.validateCompanyNumber, 422, 500)
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *struct {
	paging.Params
	Sort string `query:"sort" enum:"name,-name,type,-type,id,-id," default:""`
	Name string `query:"name" maxLength:"200" doc:"name contains, case-insensitive"`
	Type string `query:"type" enum:"base,agency,client,supplier," default:""`
}) (*struct{ Body EntityPage }, error) {
	rows, total, err := h.store.List(ctx, ListQuery{Name: in.Name, Type: in.Type, Sort: in.Sort,
		Offset: in.Offset(), Limit: in.Limit(), Visible: access.VisibleEntities(p)})
	if err != nil {
		return nil, err
	}
	return &struct{ Body EntityPage }{Body: EntityPage{Items: paging.Items(rows, viewOf), Total: total}}, nil
}

func (h *handlers) create(ctx context.Context, p *auth.Principal, in *struct{ Body CreateEntityBody }) (*viewOutput, error) {
	if !CanCreateAny(p) {
		return nil, apperror.Forbidden()
	}
	e := NewEntity()
	var v apperror.Invalid
	e.Apply(in.Body.changes(), true, &v)
	if ValidType(e.Type) && !p.Has(CreateNeed(e.Type)) {
		return nil, apperror.Forbidden()
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	creator := p.UserID
	if p.Has(auth.NeedAdmin) {
		creator = 0 // administrators manage everything already; a link would only clutter Connected Users
	}
	if err := h.store.Create(ctx, &e, creator); err != nil {
		return nil, err
	}
	return &viewOutput{Body: viewOf(e)}, nil
}

func (h *handlers) get(ctx context.Context, in *idPath) (*viewOutput, error) {
	if _, err := access.RequireEntityViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	e, err := h.store.Entity(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &viewOutput{Body: viewOf(e)}, nil
}

func (h *handlers) update(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body UpdateEntityBody
}) (*viewOutput, error) {
	p, err := access.RequireEntityManager(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	e, err := h.store.Update(ctx, in.ID, in.Body.Version, func(e *Entity, linked Linked) error {
		return e.Update(p, in.Body.changes(), in.Body.PreferredLegalEntityID, linked)
	})
	if err != nil {
		return nil, err
	}
	return &viewOutput{Body: viewOf(e)}, nil
}

// setSecondFactor turns the entity's requirement of a second factor on or off. Administrators
// only: a manager could otherwise lift the requirement that binds them (docs/decisions.md).
func (h *handlers) setSecondFactor(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Required bool `json:"required"`
	}
}) (*viewOutput, error) {
	if _, err := auth.Require(ctx, auth.NeedAdmin); err != nil {
		return nil, err
	}
	e, err := h.store.SetSecondFactorRequired(ctx, in.ID, in.Body.Required)
	if err != nil {
		return nil, err
	}
	return &viewOutput{Body: viewOf(e)}, nil
}

// UserEntityLink is one entity a user is linked to (spec §3 user entities: id, name, can_manage).
type UserEntityLink struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Type        string `json:"type"`
	CanManage   bool   `json:"can_manage"`
	CanSelect   bool   `json:"can_select"`
	CanExternal bool   `json:"can_external"`
}

func (h *handlers) byUser(ctx context.Context, p *auth.Principal, in *idPath) (*struct{ Body []UserEntityLink }, error) {
	rows, err := h.store.ByUser(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	// The user themself and administrators see every link; others only links to entities they
	// may see themselves.
	self := access.IsSelfOrAdmin(p, in.ID)
	out := &struct{ Body []UserEntityLink }{Body: []UserEntityLink{}}
	for _, r := range rows {
		if self || access.CanViewEntity(p, r.ID) {
			out.Body = append(out.Body, UserEntityLink(r))
		}
	}
	return out, nil
}

// EntityDepartment is a department in an entity's department list.
type EntityDepartment struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	ClientID         int64  `json:"clientId"`
	Timezone         string `json:"timezone"`
	CancelWindowDays int    `json:"cancelWindowDays"`
}

func (h *handlers) departments(ctx context.Context, in *idPath) (*struct{ Body []EntityDepartment }, error) {
	if _, err := access.RequireEntityViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	if _, err := h.store.Entity(ctx, in.ID); err != nil {
		return nil, err
	}
	rows, err := h.store.Departments(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	out := &struct{ Body []EntityDepartment }{Body: make([]EntityDepartment, 0, len(rows))}
	for _, d := range rows {
		out.Body = append(out.Body, EntityDepartment(d))
	}
	return out, nil
}
