package departments

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/organisations/contact"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

// DepartmentClient names the client a department belongs to.
type DepartmentClient struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// DepartmentView is a department as the API shows it.
type DepartmentView struct {
	ID       int64            `json:"id"`
	Name     string           `json:"name"`
	ClientID int64            `json:"clientId"`
	Client   DepartmentClient `json:"client"`
	contact.Details
	Timezone         string `json:"timezone" doc:"IANA time zone"`
	CancelWindowDays int    `json:"cancelWindowDays"`
	Version          int    `json:"version"`
}

// DepartmentDetail is one department with its tags.
type DepartmentDetail struct {
	DepartmentView
	Tags []DepartmentTag `json:"tags"`
}

func viewOf(d Department) DepartmentView {
	return DepartmentView{ID: d.ID, Name: d.Name, ClientID: d.ClientID, Client: DepartmentClient{ID: d.ClientID, Name: d.ClientName},
		Details: d.Details, Timezone: d.Timezone, CancelWindowDays: d.CancelDays, Version: d.Version}
}

type departmentPage struct {
	Items []DepartmentView `json:"items"`
	Total int              `json:"total"`
}

type createBody struct {
	ClientID         int64   `json:"clientId,omitempty" doc:"The client entity"`
	Name             string  `json:"name,omitempty" maxLength:"200"`
	Address1         string  `json:"address1,omitempty" maxLength:"200"`
	Address2         string  `json:"address2,omitempty" maxLength:"200"`
	Address3         string  `json:"address3,omitempty" maxLength:"200"`
	Address4         string  `json:"address4,omitempty" maxLength:"200"`
	Email            string  `json:"email,omitempty" maxLength:"320"`
	Phone            string  `json:"phone,omitempty" maxLength:"50"`
	Timezone         string  `json:"timezone,omitempty" maxLength:"64" doc:"IANA zone; default Europe/London"`
	CancelWindowDays int     `json:"cancelWindowDays,omitempty"`
	TagIDs           []int64 `json:"tagIds,omitempty" doc:"Tags of the department: global tags or tags of its client"`
}

type updateBody struct {
	ID               int64   `json:"id,omitempty" doc:"Must match the path when given"`
	Version          int     `json:"version" doc:"The version read"`
	Name             *string `json:"name,omitempty" maxLength:"200"`
	Address1         *string `json:"address1,omitempty" maxLength:"200"`
	Address2         *string `json:"address2,omitempty" maxLength:"200"`
	Address3         *string `json:"address3,omitempty" maxLength:"200"`
	Address4         *string `json:"address4,omitempty" maxLength:"200"`
	Email            *string `json:"email,omitempty" maxLength:"320"`
	Phone            *string `json:"phone,omitempty" maxLength:"50"`
	Timezone         *string `json:"timezone,omitempty" maxLength:"64"`
	CancelWindowDays *int    `json:"cancelWindowDays,omitempty"`
	TagIDs           []int64 `json:"tagIds,omitempty" doc:"Replaces the tags when given"`
}

// patch applies the fields present in b over f.
func (b updateBody) patch(f *Fields) {
	for _, p := range []struct {
		from *string
		to   *string
	}{{b.Name, &f.Name}, {b.Address1, &f.Address1}, {b.Address2, &f.Address2}, {b.Address3, &f.Address3},
		{b.Address4, &f.Address4}, {b.Email, &f.Email}, {b.Phone, &f.Phone}, {b.Timezone, &f.Timezone}} {
		if p.from != nil {
			*p.to = *p.from
		}
	}
	if b.CancelWindowDays != nil {
		f.CancelWindowDays = *b.CancelWindowDays
	}
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// Register adds the operations of this area.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Department"}
	httpapi.Op(ops, "listDepartments", "GET /department",
		"All Departments: one page of the departments the caller may see", httpapi.WithUser(h.list), 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "createDepartment", "POST /department",
		"Create a department of a client (its managers or administrators)", h.create, 403, 404, 409, 422)
	httpapi.Op(ops, "getDepartment", "GET /department/{id}", "One department", h.get, 404)
	httpapi.Op(ops, "updateDepartment", "PATCH /department/{id}",
		"Update a department (its managers, its client's managers, administrators)", h.update, 403, 404, 409, 422)
}

type handlers struct{ store *Store }

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *struct {
	paging.Params
	Sort     string  `query:"sort" enum:"name,-name,client,-client,id,-id," default:"name"`
	Name     string  `query:"name" maxLength:"200" doc:"Name contains, case-insensitive"`
	ClientID int64   `query:"clientId" doc:"Departments of this client"`
	UserIDs  []int64 `query:"user_ids,explode" doc:"Departments these users are linked to"`
}) (*struct{ Body departmentPage }, error) {
	f := Filter{Name: in.Name, ClientID: in.ClientID, UserIDs: in.UserIDs, Visible: access.VisibleDepartments(p),
		Sort: in.Sort, Offset: in.Offset(), Limit: in.Limit()}
	rows, total, err := h.store.List(ctx, f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body departmentPage }{Body: departmentPage{Items: paging.Items(rows, viewOf), Total: total}}, nil
}

func (h *handlers) detail(ctx context.Context, d Department) (*struct{ Body DepartmentDetail }, error) {
	tags, err := h.store.Tags(ctx, d.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body DepartmentDetail }{Body: DepartmentDetail{DepartmentView: viewOf(d), Tags: tags}}, nil
}

func (h *handlers) create(ctx context.Context, in *struct{ Body createBody }) (*struct{ Body DepartmentDetail }, error) {
	b := in.Body
	if b.ClientID <= 0 {
		if _, err := auth.RequireUser(ctx); err != nil {
			return nil, err
		}
		return nil, apperror.Field("clientId", MsgRequired)
	}
	if _, err := access.RequireEntityManager(ctx, b.ClientID); err != nil {
		return nil, err
	}
	f := Fields{Name: b.Name, Details: contact.Details{Address1: b.Address1, Address2: b.Address2, Address3: b.Address3,
		Address4: b.Address4, Email: b.Email, Phone: b.Phone}, Timezone: b.Timezone, CancelWindowDays: b.CancelWindowDays}
	var v apperror.Invalid
	f.Normalize(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	tagIDs := b.TagIDs
	if tagIDs == nil {
		tagIDs = []int64{}
	}
	d, err := h.store.Create(ctx, b.ClientID, f, tagIDs)
	if err != nil {
		return nil, err
	}
	return h.detail(ctx, d)
}

func (h *handlers) get(ctx context.Context, in *idPath) (*struct{ Body DepartmentDetail }, error) {
	if _, err := access.RequireDepartmentViewer(ctx, in.ID); err != nil {
		return nil, err
	}
	d, err := h.store.Department(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return h.detail(ctx, d)
}

func (h *handlers) update(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body updateBody
}) (*struct{ Body DepartmentDetail }, error) {
	if _, err := access.RequireDepartmentManager(ctx, in.ID); err != nil {
		return nil, err
	}
	if in.Body.ID != 0 && in.Body.ID != in.ID {
		return nil, apperror.Field("id", "The id does not match the address.")
	}
	d, err := h.store.Department(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	f := d.Fields()
	in.Body.patch(&f)
	var v apperror.Invalid
	f.Normalize(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if d, err = h.store.Update(ctx, in.ID, in.Body.Version, f, in.Body.TagIDs); err != nil {
		return nil, err
	}
	return h.detail(ctx, d)
}
