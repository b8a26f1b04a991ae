package legalentities

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/organisations/contact"
	"github.com/hive/hive/internal/places"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

// LegalEntityView is a legal entity as the API shows it.
type LegalEntityView struct {
	ID             int64   `json:"id"`
	EntityIDs      []int64 `json:"entityIds" doc:"the linked entities"`
	Status         string  `json:"status" enum:"not_validated,validated,rejected"`
	Type           string  `json:"type" enum:"uk_private_limited,uk_sole_trader,uk_plc,uk_llp,uk_private_unlimited"`
	NINumber       string  `json:"niNumber"`
	Gender         string  `json:"gender" enum:"male,female,"`
	TradingName    string  `json:"tradingName"`
	CompanyName    string  `json:"companyName"`
	CompanyNumber  string  `json:"companyNumber"`
	OperatingModel string  `json:"operatingModel" enum:"Ordinary,base,default,umbrella"`
	Timezone       string  `json:"timezone"`
	Country        string  `json:"country"`
	VATRegistered  bool    `json:"vatRegistered"`
	VATNumber      string  `json:"vatNumber"`
	VATPct         float64 `json:"vatPct"`
	contact.Details
	IBAN            string    `json:"iban"`
	SortCode        string    `json:"sortCode"`
	AccountNumber   string    `json:"accountNumber"`
	BankName        string    `json:"bankName"`
	BankCountryCode string    `json:"bankCountryCode"`
	BranchCode      string    `json:"branchCode"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
	Version         int       `json:"version"`

	Location places.StoredLocation `json:"location" doc:"chosen from the location search; empty name and null coordinates when none"`
}

func viewOf(le LegalEntity) LegalEntityView {
	ids := le.EntityIDs
	if ids == nil {
		ids = []int64{}
	}
	return LegalEntityView{ID: le.ID, EntityIDs: ids, Status: le.Status, Type: le.Type, NINumber: le.NINumber, Gender: le.Gender,
		TradingName: le.TradingName, CompanyName: le.CompanyName, CompanyNumber: le.CompanyNumber,
		OperatingModel: le.OperatingModel, Timezone: le.Timezone, Country: le.Country, VATRegistered: le.VATRegistered,
		VATNumber: le.VATNumber, VATPct: float64(le.VATHundredths) / 100, Details: le.Details, IBAN: le.IBAN, SortCode: le.SortCode,
		AccountNumber: le.AccountNumber, BankName: le.BankName, BankCountryCode: le.BankCountryCode,
		BranchCode: le.BranchCode, Location: places.StoredLocation{LocationName: le.LocationName, Latitude: le.Latitude,
			Longitude: le.Longitude}, CreatedAt: le.CreatedAt, UpdatedAt: le.UpdatedAt, Version: le.Version}
}

type viewOutput struct{ Body LegalEntityView }

// LegalEntityPage is one page of the All Legal Entities grid.
type LegalEntityPage struct {
	Items []LegalEntityView `json:"items"`
	Total int               `json:"total"`
}

// LegalEntityFields are the detail fields of create and update bodies, all optional in the
// schema so that missing values get the spec's messages.
type LegalEntityFields struct {
	Type            *string  `json:"type,omitempty" enum:"uk_private_limited,uk_sole_trader,uk_plc,uk_llp,uk_private_unlimited"`
	NINumber        *string  `json:"niNumber,omitempty" maxLength:"40"`
	Gender          *string  `json:"gender,omitempty" enum:"male,female,"`
	TradingName     *string  `json:"tradingName,omitempty" maxLength:"500"`
	CompanyName     *string  `json:"companyName,omitempty" maxLength:"500"`
	CompanyNumber   *string  `json:"companyNumber,omitempty" maxLength:"40"`
	OperatingModel  *string  `json:"operatingModel,omitempty" enum:"Ordinary,base,default,umbrella"`
	Timezone        *string  `json:"timezone,omitempty" maxLength:"100"`
	Country         *string  `json:"country,omitempty" maxLength:"10"`
	VATRegistered   *bool    `json:"vatRegistered,omitempty"`
	VATNumber       *string  `json:"vatNumber,omitempty" maxLength:"40"`
	VATPct          *float64 `json:"vatPct,omitempty" doc:"0 to 100 in steps of 0.25"`
	Address1        *string  `json:"address1,omitempty" maxLength:"500"`
	Address2        *string  `json:"address2,omitempty" maxLength:"500"`
	Address3        *string  `json:"address3,omitempty" maxLength:"500"`
	Address4        *string  `json:"address4,omitempty" maxLength:"500"`
	Email           *string  `json:"email,omitempty" maxLength:"320"`
	Phone           *string  `json:"phone,omitempty" maxLength:"100"`
	IBAN            *string  `json:"iban,omitempty" maxLength:"100"`
	SortCode        *string  `json:"sortCode,omitempty" maxLength:"20"`
	AccountNumber   *string  `json:"accountNumber,omitempty" maxLength:"40"`
	BankName        *string  `json:"bankName,omitempty" maxLength:"500"`
	BankCountryCode *string  `json:"bankCountryCode,omitempty" maxLength:"10"`
	BranchCode      *string  `json:"branchCode,omitempty" maxLength:"40"`

	Location *places.StoredLocation `json:"location,omitempty" doc:"a place from GET /locations; an empty location_name clears it"`
	// Status is set by administrators only; others may send the current value unchanged.
	Status *string `json:"status,omitempty" enum:"not_validated,validated,rejected" doc:"administrators only"`
}

func (f LegalEntityFields) changes() Changes {
	return Changes{Type: f.Type, NINumber: f.NINumber, Gender: f.Gender, TradingName: f.TradingName,
		CompanyName: f.CompanyName, CompanyNumber: f.CompanyNumber, OperatingModel: f.OperatingModel,
		Timezone: f.Timezone, Country: f.Country, VATRegistered: f.VATRegistered, VATNumber: f.VATNumber, VATPct: f.VATPct,
		Address1: f.Address1, Address2: f.Address2, Address3: f.Address3, Address4: f.Address4, Email: f.Email,
		Phone: f.Phone, IBAN: f.IBAN, SortCode: f.SortCode, AccountNumber: f.AccountNumber, BankName: f.BankName,
		BankCountryCode: f.BankCountryCode, BranchCode: f.BranchCode, Location: f.Location}
}

// CreateLegalEntityBody creates a legal entity linked to entities the caller manages.
type CreateLegalEntityBody struct {
	LegalEntityFields
	EntityIDs []int64 `json:"entityIds,omitempty" maxItems:"50" doc:"entities to link; the caller must manage each"`
}

// UpdateLegalEntityBody changes a legal entity.
type UpdateLegalEntityBody struct {
	LegalEntityFields
	ID      int64 `json:"id,omitempty" doc:"ignored; the path names the legal entity"`
	Version int   `json:"version" minimum:"1"`
}

type handlers struct{ store *Store }

// Register adds the operations of this area.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Legal entity"}
	httpapi.Op(ops, "listLegalEntities", "GET /legal-entity",
		"All Legal Entities: those linked to entities the caller may see", httpapi.WithUser(h.list), 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "createLegalEntity", "POST /legal-entity",
		"Create a legal entity linked to entities the caller manages", httpapi.WithUser(h.create), 403, 404, 422)
	httpapi.Op(ops, "getLegalEntity", "GET /legal-entity/{id}", "One legal entity", httpapi.WithUser(h.get), 404)
	httpapi.Op(ops, "updateLegalEntity", "PATCH /legal-entity/{id}",
		"Change a legal entity; any change of details sends it back to not_validated",
		httpapi.WithUser(h.update), 403, 404, 409, 422)
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *struct {
	paging.Params
	Sort     string `query:"sort" enum:"id,-id,companyName,-companyName,tradingName,-tradingName,type,-type,status,-status," default:""`
	Name     string `query:"name" maxLength:"200" doc:"company or trading name contains, case-insensitive"`
	Type     string `query:"type" enum:"uk_private_limited,uk_sole_trader,uk_plc,uk_llp,uk_private_unlimited," default:""`
	Status   string `query:"status" enum:"not_validated,validated,rejected," default:""`
	EntityID int64  `query:"entityId" minimum:"0" doc:"only those linked to this entity"`
}) (*struct{ Body LegalEntityPage }, error) {
	rows, total, err := h.store.List(ctx, ListQuery{Name: in.Name, Type: in.Type, Status: in.Status, EntityID: in.EntityID,
		Sort: in.Sort, Offset: in.Offset(), Limit: in.Limit(), Visible: access.VisibleEntities(p)})
	if err != nil {
		return nil, err
	}
	return &struct{ Body LegalEntityPage }{Body: LegalEntityPage{Items: paging.Items(rows, viewOf), Total: total}}, nil
}

// canView and canManage: administrators, and viewers or managers of any linked entity.
func canView(p *auth.Principal, le LegalEntity) bool {
	return p.Has(auth.NeedAdmin) || slices.ContainsFunc(le.EntityIDs, func(id int64) bool { return access.CanViewEntity(p, id) })
}

func canManage(p *auth.Principal, le LegalEntity) bool {
	return p.Has(auth.NeedAdmin) || slices.ContainsFunc(le.EntityIDs, func(id int64) bool { return access.CanManageEntity(p, id) })
}

func (h *handlers) create(ctx context.Context, p *auth.Principal, in *struct{ Body CreateLegalEntityBody }) (*viewOutput, error) {
	ids := slices.Clone(in.Body.EntityIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		// Without entities nobody but administrators could see it; refuse before anything else.
		if !p.Has(auth.NeedAdmin) && len(p.Needs.IDs("manage_entity")) == 0 {
			return nil, apperror.Forbidden()
		}
		return nil, apperror.Field("entityIds", MsgEntityRequired)
	}
	for _, id := range ids {
		if _, err := access.RequireEntityManager(ctx, id); err != nil {
			return nil, err
		}
	}
	le := New()
	if s := in.Body.Status; s != nil && *s != le.Status {
		if !p.Has(auth.NeedAdmin) {
			return nil, apperror.Forbidden()
		}
		le.Status = *s
	}
	var v apperror.Invalid
	le.Apply(in.Body.changes(), true, &v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := h.store.Create(ctx, &le, ids); err != nil {
		return nil, err
	}
	return &viewOutput{Body: viewOf(le)}, nil
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *struct {
	ID int64 `path:"id" minimum:"1"`
}) (*viewOutput, error) {
	le, err := h.store.LegalEntity(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if !canView(p, le) {
		return nil, apperror.NotFound("Legal entity")
	}
	return &viewOutput{Body: viewOf(le)}, nil
}

func (h *handlers) update(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body UpdateLegalEntityBody
}) (*viewOutput, error) {
	le, err := h.store.Update(ctx, in.ID, in.Body.Version, func(le *LegalEntity) error {
		if !canView(p, *le) {
			return apperror.NotFound("Legal entity")
		}
		if !canManage(p, *le) {
			return apperror.Forbidden()
		}
		statusChange := in.Body.Status != nil && *in.Body.Status != le.Status
		if statusChange && !p.Has(auth.NeedAdmin) {
			return apperror.Forbidden()
		}
		before := *le
		var v apperror.Invalid
		le.Apply(in.Body.changes(), false, &v)
		if err := v.Err(); err != nil {
			return err
		}
		switch {
		case statusChange:
			// An administrator who sets the status in the same save has reviewed the details.
			le.Status = *in.Body.Status
		case !SameDetails(before, *le):
			le.Status = StatusNotValidated
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &viewOutput{Body: viewOf(le)}, nil
}
