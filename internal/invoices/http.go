package invoices

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/organisations/legalentities"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

type handlers struct{ store *Store }

// Register adds the operations of invoicing.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Invoice"}
	httpapi.Op(ops, "listInvoices", "GET /invoice",
		"Self-billed invoices and credit notes the caller may see, newest first, with totals per currency",
		httpapi.WithUser(h.list), 422)
	httpapi.Op(ops, "getInvoice", "GET /invoice/{id}", "One invoice or credit note", httpapi.WithUser(h.get), 404)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "getInvoicePdf", Method: http.MethodGet,
		Path: "/invoice/{id}/pdf", Summary: "An invoice or credit note as a PDF, with the same figures as its JSON",
		Tags: []string{"Invoice"}, Errors: []int{http.StatusNotFound},
		Responses: map[string]*huma.Response{"200": {Description: "The PDF",
			Content: map[string]*huma.MediaType{"application/pdf": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}},
	}, httpapi.WithUser(h.pdf))
	httpapi.Op(ops, "updateInvoice", "PATCH /invoice/{id}",
		"Mark an invoice paid (with the date) or void it (with a reason, which issues its credit note); nothing else of an issued invoice changes",
		httpapi.WithUser(h.update), 403, 404, 409, 422)
	httpapi.Op(ops, "issueInvoices", "POST /invoice/issue",
		"Issue the self-billed invoices of a client's approved timesheets up to a date (its managers)",
		httpapi.WithUser(h.issue), 403, 404, 422)
	sb := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Legal entity"}
	httpapi.Op(sb, "getSelfBilling", "GET /legal-entity/{id}/self-billing",
		"A legal entity's self-billing agreement", httpapi.WithUser(h.getSelfBilling), 404)
	httpapi.Op(sb, "setSelfBilling", "PUT /legal-entity/{id}/self-billing",
		"Agree to self-billing, or withdraw (the legal entity's managers)", httpapi.WithUser(h.setSelfBilling),
		403, 404, 409, 422)
}

// today is the date invoicing reads overdue by: the clock's UTC date.
func (h *handlers) today() string { return h.store.DB.Now().UTC().Format(time.DateOnly) }

// InvoicePage is one page of documents with the totals per currency of the whole selection.
type InvoicePage struct {
	Items  []InvoiceView   `json:"items"`
	Total  int             `json:"total"`
	Totals []CurrencyTotal `json:"totals" doc:"per currency, over every document the filters select"`
}

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *struct {
	paging.Params
	UserIDs        []int64 `query:"userIds,explode" maxItems:"500"`
	DepartmentIDs  []int64 `query:"departmentIds,explode" maxItems:"500"`
	LegalEntityIDs []int64 `query:"legalEntityIds,explode" maxItems:"500" doc:"supplier or client legal entities"`
	Status         string  `query:"status" enum:"issued,paid,void,overdue," default:""`
	StartDate      string  `query:"startDate" maxLength:"10" doc:"first issue date, YYYY-MM-DD"`
	EndDate        string  `query:"endDate" maxLength:"10" doc:"last issue date, YYYY-MM-DD"`
	Currency       string  `query:"currency" maxLength:"3"`
}) (*struct{ Body InvoicePage }, error) {
	var v apperror.Invalid
	for _, d := range []struct{ field, value string }{{"startDate", in.StartDate}, {"endDate", in.EndDate}} {
		if _, err := time.Parse(time.DateOnly, d.value); d.value != "" && err != nil {
			v.Add(d.field, MsgDate)
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	today := h.today()
	page, err := h.store.List(ctx, Filter{UserIDs: in.UserIDs, DepartmentIDs: in.DepartmentIDs,
		LegalEntityIDs: in.LegalEntityIDs, Status: Status(in.Status), StartDate: in.StartDate, EndDate: in.EndDate,
		Currency: in.Currency, Today: today, Scope: ScopeOf(p), Offset: in.Offset(), Limit: in.Limit()})
	if err != nil {
		return nil, err
	}
	return &struct{ Body InvoicePage }{Body: InvoicePage{Total: page.Total, Totals: page.Totals,
		Items: paging.Items(page.Items, func(d Invoice) InvoiceView { return viewOf(p, d, today) })}}, nil
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// visible reads document id when p may see it; one p may not see is not found, as one that
// does not exist.
func (h *handlers) visible(ctx context.Context, p *auth.Principal, id int64) (Invoice, error) {
	d, err := h.store.Invoice(ctx, id)
	if err != nil {
		return d, err
	}
	if !CanSee(p, d) {
		return d, apperror.NotFound("Invoice")
	}
	return d, nil
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *idPath) (*struct{ Body InvoiceView }, error) {
	d, err := h.visible(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body InvoiceView }{Body: viewOf(p, d, h.today())}, nil
}

// PDFDocument is a document's PDF with its headers.
type PDFDocument struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

func (h *handlers) pdf(ctx context.Context, p *auth.Principal, in *idPath) (*PDFDocument, error) {
	d, err := h.visible(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := RenderPDF(&b, d, h.today()); err != nil {
		return nil, err
	}
	return &PDFDocument{ContentType: "application/pdf", CacheControl: "private, no-store",
		ContentDisposition: `attachment; filename="` + d.NumberText + `.pdf"`, Body: b.Bytes()}, nil
}

// UpdateInvoiceBody is a payment change.
type UpdateInvoiceBody struct {
	Status  string `json:"status" enum:"paid,void"`
	PaidOn  string `json:"paidOn,omitempty" maxLength:"10" doc:"YYYY-MM-DD; required to mark paid"`
	Reason  string `json:"reason,omitempty" maxLength:"500" doc:"required to void"`
	Version int    `json:"version" minimum:"1"`
}

func (h *handlers) update(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body UpdateInvoiceBody
}) (*struct{ Body InvoiceView }, error) {
	c := Change{Status: Status(in.Body.Status), PaidOn: in.Body.PaidOn, Reason: in.Body.Reason}
	d, err := h.store.Change(ctx, in.ID, in.Body.Version, c, func(d Invoice) error {
		if !CanSee(p, d) {
			return apperror.NotFound("Invoice")
		}
		if !CanManage(p, d) {
			return apperror.Forbidden()
		}
		return nil
	}, p.UserID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body InvoiceView }{Body: viewOf(p, d, h.today())}, nil
}

// IssueBody asks for a client's invoices.
type IssueBody struct {
	ClientID int64  `json:"clientId" minimum:"1" doc:"the client entity whose approved timesheets are invoiced"`
	Through  string `json:"through" maxLength:"10" doc:"the last work date invoiced, YYYY-MM-DD"`
}

// IssueResult is the invoices an issue made.
type IssueResult struct {
	Items []InvoiceView `json:"items"`
}

func (h *handlers) issue(ctx context.Context, p *auth.Principal, in *struct{ Body IssueBody }) (*struct{ Body IssueResult }, error) {
	if _, err := access.RequireEntityManager(ctx, in.Body.ClientID); err != nil {
		return nil, err
	}
	if _, err := time.Parse(time.DateOnly, in.Body.Through); err != nil {
		return nil, apperror.Field("through", MsgDate)
	}
	docs, err := h.store.IssueApproved(ctx, in.Body.ClientID, in.Body.Through, p.UserID)
	if err != nil {
		return nil, err
	}
	today := h.today()
	return &struct{ Body IssueResult }{Body: IssueResult{
		Items: paging.Items(docs, func(d Invoice) InvoiceView { return viewOf(p, d, today) })}}, nil
}

// legalEntity reads legal entity id when p may see it (administrators, and viewers of a linked
// entity), and says whether p manages it.
func (h *handlers) legalEntity(ctx context.Context, p *auth.Principal, id int64) (bool, error) {
	le, err := (&legalentities.Store{DB: h.store.DB}).LegalEntity(ctx, id)
	if err != nil {
		return false, err
	}
	if p.Has(auth.NeedAdmin) {
		return true, nil
	}
	sees, manages := false, false
	for _, e := range le.EntityIDs {
		sees = sees || access.CanViewEntity(p, e)
		manages = manages || access.CanManageEntity(p, e)
	}
	if !sees {
		return false, apperror.NotFound("Legal entity")
	}
	return manages, nil
}

func selfBillingView(sb SelfBilling, canChange bool) SelfBillingView {
	v := SelfBillingView{LegalEntityID: sb.LegalEntityID, Agreed: sb.Agreed, AgreedByUserID: sb.AgreedByUserID,
		AgreedByName: sb.AgreedByName, CanChange: canChange, Version: sb.Version}
	if sb.AgreedAt != nil {
		at := sb.AgreedAt.UTC().Format(time.RFC3339)
		v.AgreedAt = &at
	}
	return v
}

func (h *handlers) getSelfBilling(ctx context.Context, p *auth.Principal, in *idPath) (*struct{ Body SelfBillingView }, error) {
	manages, err := h.legalEntity(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	sb, err := h.store.SelfBilling(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body SelfBillingView }{Body: selfBillingView(sb, manages)}, nil
}

// SelfBillingBody is a legal entity's answer to self-billing.
type SelfBillingBody struct {
	Agreed  bool `json:"agreed"`
	Version int  `json:"version" minimum:"0" doc:"the version read; 0 for a first answer"`
}

func (h *handlers) setSelfBilling(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body SelfBillingBody
}) (*struct{ Body SelfBillingView }, error) {
	manages, err := h.legalEntity(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	if !manages {
		return nil, apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgSelfBillingOwner)
	}
	sb, err := h.store.SetSelfBilling(ctx, in.ID, in.Body.Agreed, in.Body.Version, p.UserID, p.FullName())
	if err != nil {
		return nil, err
	}
	return &struct{ Body SelfBillingView }{Body: selfBillingView(sb, true)}, nil
}
