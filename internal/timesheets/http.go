package timesheets

import (
	"context"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

// Register adds the timesheet operations and an entity's billing rules.
func Register(api huma.API, d feature.Deps) {
	blobs, err := blob.FromConfig(d.Config)
	if err != nil {
		panic(err)
	}
	h := &handlers{store: &Store{DB: d.DB}, blobs: blobs}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Timesheet"}
	httpapi.Op(ops, "listTimesheets", "GET /timesheet",
		"One page of timesheets: the caller's own, and those of the departments the caller sees",
		httpapi.WithUser(h.list), 422)
	httpapi.Op(ops, "getTimesheet", "GET /timesheet/{id}", "One timesheet", httpapi.WithUser(h.get), 404)
	httpapi.Op(ops, "updateTimesheet", "PATCH /timesheet/{id}",
		"Correct a timesheet's actual times, unpaid breaks, expenses and note (its freelancer, until submitted)",
		httpapi.WithUser(h.update), 403, 404, 409, 422)
	httpapi.Op(ops, "submitTimesheet", "POST /timesheet/{id}/submit", "Submit a timesheet (its freelancer)",
		httpapi.WithUser(h.submit), 403, 404, 409)
	httpapi.Op(ops, "submitTimesheets", "POST /timesheet/submit",
		"Submit several timesheets at once, all or none (their freelancer)", httpapi.WithUser(h.submitMany),
		403, 404, 409, 422)
	httpapi.Op(ops, "approveTimesheet", "POST /timesheet/{id}/approve",
		"Approve a submitted timesheet (the department's managers)", httpapi.WithUser(h.approve), 403, 404, 409)
	httpapi.Op(ops, "disputeTimesheet", "POST /timesheet/{id}/dispute",
		"Dispute a submitted timesheet with a reason, sending it back to its freelancer (the department's managers)",
		httpapi.WithUser(h.dispute), 403, 404, 409, 422)
	h.registerReceipts(api)
	rules := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Entity"}
	httpapi.Op(rules, "getEntityBillingRules", "GET /entity/{id}/billing-rules",
		"A client entity's billing rules: dispute window, overtime, invoice period, payment days", h.getRules, 403, 404)
	httpapi.Op(rules, "updateEntityBillingRules", "PUT /entity/{id}/billing-rules",
		"Change a client entity's billing rules (its managers and administrators)", h.putRules, 403, 404, 409, 422)
}

type handlers struct {
	store *Store
	blobs blob.Store // receipts
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

type oneOutput struct{ Body Timesheet }

// ListParams are GET /timesheet's filters.
type ListParams struct {
	paging.Params
	UserIDs       []int64  `query:"userIds,explode" maxItems:"500"`
	DepartmentIDs []int64  `query:"departmentIds,explode" maxItems:"500"`
	Status        []string `query:"status,explode" enum:"to_fill,submitted,disputed,approved"`
	StartDate     string   `query:"startDate" doc:"First date, YYYY-MM-DD" maxLength:"10"`
	EndDate       string   `query:"endDate" doc:"Last date, YYYY-MM-DD" maxLength:"10"`
}

const msgDate = "Use a date as YYYY-MM-DD."

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *ListParams) (*struct{ Body Page }, error) {
	var v apperror.Invalid
	for field, d := range map[string]string{"startDate": in.StartDate, "endDate": in.EndDate} {
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			v.Add(field, msgDate)
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if p.Has(auth.NeedFreelancer) {
		if _, err := CreateDueFor(ctx, h.store.DB, p.UserID); err != nil {
			return nil, err
		}
	}
	rows, total, err := h.store.List(ctx, ListFilter{OwnUser: p.UserID, Visible: access.VisibleDepartments(p),
		UserIDs: in.UserIDs, DepartmentIDs: in.DepartmentIDs, Statuses: in.Status, StartDate: in.StartDate,
		EndDate: in.EndDate, Limit: in.Limit(), Offset: in.Offset()})
	if err != nil {
		return nil, err
	}
	items := make([]Timesheet, len(rows))
	for i, r := range rows {
		items[i] = ViewOf(p, r)
	}
	return &struct{ Body Page }{Body: Page{Items: items, Total: total}}, nil
}

// readable is timesheet id when p may see it, else 404.
func (h *handlers) readable(ctx context.Context, p *auth.Principal, id int64) (Row, error) {
	r, err := h.store.Get(ctx, id)
	if err != nil {
		return Row{}, err
	}
	if !CanSee(p, r.UserID, r.DepartmentID) {
		return Row{}, apperror.NotFound("Timesheet")
	}
	return r, nil
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *idPath) (*oneOutput, error) {
	r, err := h.readable(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	return &oneOutput{Body: ViewOf(p, r)}, nil
}

// ExpenseInput is one expense of a correction (id 0 or absent: a new one).
type ExpenseInput struct {
	ID          int64  `json:"id,omitempty" minimum:"0"`
	Description string `json:"description" maxLength:"200"`
	AmountMinor int64  `json:"amountMinor" doc:"Minor units (pence, cents), 1..10000000"`
	Currency    string `json:"currency" enum:"GBP,EUR,USD,AUD"`
}

// TimesheetUpdate is PATCH /timesheet/{id}'s body: each field present is changed.
type TimesheetUpdate struct {
	StartTime    *string         `json:"startTime,omitempty" doc:"Actual start, HH:mm, local" maxLength:"5"`
	EndTime      *string         `json:"endTime,omitempty" doc:"Actual end, HH:mm, local; at or before the start: the next day" maxLength:"5"`
	BreakMinutes *int            `json:"breakMinutes,omitempty" minimum:"0" maximum:"1440"`
	Note         *string         `json:"note,omitempty" maxLength:"2000"`
	Expenses     *[]ExpenseInput `json:"expenses,omitempty" maxItems:"20" doc:"Replaces the list; an item with an existing id keeps its receipt"`
	Version      int             `json:"version" minimum:"1"`
}

func (h *handlers) update(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body TimesheetUpdate
}) (*oneOutput, error) {
	r, err := h.store.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if err := RequireOwn(p, r.UserID, r.DepartmentID); err != nil {
		return nil, err
	}
	b := in.Body
	c := Change{StartTime: b.StartTime, EndTime: b.EndTime, BreakMinutes: b.BreakMinutes, Note: b.Note, Version: b.Version}
	if b.Expenses != nil {
		list := make([]ExpenseChange, len(*b.Expenses))
		for i, e := range *b.Expenses {
			list[i] = ExpenseChange(e)
		}
		c.Expenses = &list
	}
	out, dropped, err := h.store.Update(ctx, in.ID, c)
	if err != nil {
		return nil, err
	}
	for _, key := range dropped {
		h.deleteQuietly(ctx, key)
	}
	return &oneOutput{Body: ViewOf(p, out)}, nil
}

func (h *handlers) submit(ctx context.Context, p *auth.Principal, in *idPath) (*oneOutput, error) {
	out, err := h.submitIDs(ctx, p, []int64{in.ID})
	if err != nil {
		return nil, err
	}
	return &oneOutput{Body: out[0]}, nil
}

// SubmitMany is POST /timesheet/submit's body: the timesheets to submit together.
type SubmitMany struct {
	IDs []int64 `json:"ids" minItems:"1" maxItems:"100" uniqueItems:"true"`
}

func (h *handlers) submitMany(ctx context.Context, p *auth.Principal, in *struct{ Body SubmitMany }) (*struct {
	Body []Timesheet
}, error) {
	out, err := h.submitIDs(ctx, p, in.Body.IDs)
	if err != nil {
		return nil, err
	}
	return &struct{ Body []Timesheet }{Body: out}, nil
}

// submitIDs checks that p is the freelancer of every one of ids, then submits them all or none.
func (h *handlers) submitIDs(ctx context.Context, p *auth.Principal, ids []int64) ([]Timesheet, error) {
	for _, id := range ids {
		r, err := h.store.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if err := RequireOwn(p, r.UserID, r.DepartmentID); err != nil {
			return nil, err
		}
	}
	rows, err := h.store.Submit(ctx, ids, p.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]Timesheet, len(rows))
	for i, r := range rows {
		out[i] = ViewOf(p, r)
	}
	return out, nil
}

// answerable is timesheet id when p may approve or dispute it.
func (h *handlers) answerable(ctx context.Context, p *auth.Principal, id int64) error {
	r, err := h.store.Get(ctx, id)
	if err != nil {
		return err
	}
	return RequireAnswerer(p, r.UserID, r.DepartmentID)
}

func (h *handlers) approve(ctx context.Context, p *auth.Principal, in *idPath) (*oneOutput, error) {
	if err := h.answerable(ctx, p, in.ID); err != nil {
		return nil, err
	}
	out, err := h.store.Approve(ctx, in.ID, p.UserID)
	if err != nil {
		return nil, err
	}
	return &oneOutput{Body: ViewOf(p, out)}, nil
}

// DisputeInput is POST /timesheet/{id}/dispute's body.
type DisputeInput struct {
	Reason string `json:"reason" maxLength:"1000" doc:"Why: the freelancer reads it and corrects the timesheet"`
}

func (h *handlers) dispute(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body DisputeInput
}) (*oneOutput, error) {
	if err := h.answerable(ctx, p, in.ID); err != nil {
		return nil, err
	}
	out, err := h.store.Dispute(ctx, in.ID, in.Body.Reason, p.UserID)
	if err != nil {
		return nil, err
	}
	return &oneOutput{Body: ViewOf(p, out)}, nil
}

// BillingRulesUpdate is the rules to save with the version read (0 while the entity has the defaults).
type BillingRulesUpdate struct {
	BillingRules
	Version int `json:"version" minimum:"0"`
}

func (h *handlers) getRules(ctx context.Context, in *idPath) (*struct{ Body EntityBillingRules }, error) {
	if _, err := access.RequireEntityManager(ctx, in.ID); err != nil {
		return nil, err
	}
	v, err := h.store.GetBillingRules(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body EntityBillingRules }{Body: v}, nil
}

func (h *handlers) putRules(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body BillingRulesUpdate
}) (*struct{ Body EntityBillingRules }, error) {
	p, err := access.RequireEntityManager(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	v, err := h.store.SaveBillingRules(ctx, in.ID, in.Body.BillingRules, in.Body.Version, p.UserID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body EntityBillingRules }{Body: v}, nil
}
