package documents

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// WebhookPath is the completed-signing webhook's address under /api/v1. DocuSeal's server calls
// it with the shared secret and no cookies, so the app lets it past the CSRF check (a request
// without the secret changes nothing).
const WebhookPath = "/docuseal/webhook"

// Register adds the document signing operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, docuSeal: NewDocuSeal(d.Config.DocuSeal), cfg: d.Config.DocuSeal}
	tags := []string{"Documents"}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Documents"}
	httpapi.Op(ops, "listMyDocuments", "GET /document-signing", "The documents the caller must sign or has signed",
		httpapi.WithUser(h.mine))
	httpapi.Op(ops, "listRequestedDocuments", "GET /document-signing/requested",
		"The documents the caller asked others to sign (administrators: all)", h.requested, 403)
	httpapi.Op(ops.Answering(http.StatusCreated), "requestDocumentSigning", "POST /document-signing/request",
		"Ask the freelancers instructed on a booking the caller manages to sign a document", h.request, 403, 404, 422)
	httpapi.Op(ops, "getDocusealToken", "GET /docuseal/token",
		"A token for DocuSeal's form builder (department managers; 404 when DocuSeal is not configured)", h.token, 403, 404)
	httpapi.Register(api, httpapi.Public, huma.Operation{OperationID: "docusealWebhook", Method: http.MethodPost,
		Path: WebhookPath, Summary: "DocuSeal's form webhook: form.completed marks the signer's document completed, once",
		Tags: tags, Errors: []int{401, 422}, SkipValidateBody: true}, h.webhook)
}

type handlers struct {
	store    *Store
	docuSeal *DocuSeal // nil when DocuSeal is not configured
	cfg      config.DocuSeal
}

type listOutput struct{ Body SigningList }

func (h *handlers) mine(ctx context.Context, p *auth.Principal, _ *struct{}) (*listOutput, error) {
	return listed(h.store.OfUser(ctx, p.UserID))
}

func (h *handlers) requested(ctx context.Context, _ *struct{}) (*listOutput, error) {
	p, err := auth.Require(ctx, auth.NeedDepartmentManager)
	if err != nil {
		return nil, err
	}
	requester := p.UserID
	if p.Has(auth.NeedAdmin) {
		requester = 0
	}
	return listed(h.store.RequestedBy(ctx, requester))
}

// listed answers with list, or with err.
func listed(list SigningList, err error) (*listOutput, error) {
	if err != nil {
		return nil, err
	}
	return &listOutput{Body: list}, nil
}

// SigningRequestBody is the payload of POST /document-signing/request.
type SigningRequestBody struct {
	BookingID   int64  `json:"bookingId" minimum:"1"`
	Title       string `json:"title" maxLength:"400"`
	Description string `json:"description,omitempty" maxLength:"4000" text:"multiline"`
	DueDate     string `json:"dueDate" doc:"year-month-day, today or later"`
	DocumentURL string `json:"documentUrl,omitempty" maxLength:"2000" doc:"an http(s) link to the document; or templateId"`
	TemplateID  int64  `json:"templateId,omitempty" minimum:"0" doc:"a DocuSeal template (when DocuSeal is configured): each freelancer gets their own signing request"`
}

func (h *handlers) request(ctx context.Context, in *struct{ Body SigningRequestBody }) (*struct{ Body SigningRequestResult }, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	department, freelancers, err := reads.FreelancersOf(ctx, h.store.DB, in.Body.BookingID)
	if err != nil {
		return nil, err
	}
	p, err := access.RequireDepartmentManager(ctx, department)
	if err != nil {
		return nil, err
	}
	r := Request(in.Body)
	if err := r.normalise(h.store.DB.Now(), h.docuSeal != nil); err != nil {
		return nil, err
	}
	if len(freelancers) == 0 {
		return nil, apperror.Field("bookingId", MsgNoFreelancer)
	}
	docs := make([]NewDocument, 0, len(freelancers))
	for _, f := range freelancers {
		d := NewDocument{UserID: f.UserID, Title: r.Title, Description: r.Description, DueDate: r.DueDate,
			DocumentURL: r.DocumentURL, RequestedBy: p.UserID, BookingID: r.BookingID, DepartmentID: department}
		if r.TemplateID != 0 {
			s, err := h.docuSeal.RequestSigning(ctx, r.TemplateID, Signer{UserID: f.UserID, Email: f.Email,
				Name: auth.FullName(f.FirstName, f.LastName)})
			if err != nil {
				return nil, apperror.Field("templateId", MsgDocuSeal)
			}
			d.DocumentURL, d.SubmissionID, d.SubmitterID = s.URL, s.SubmissionID, s.SubmitterID
		}
		docs = append(docs, d)
	}
	made, err := h.store.Create(ctx, docs)
	if err != nil {
		return nil, err
	}
	return &struct{ Body SigningRequestResult }{Body: SigningRequestResult{Items: made}}, nil
}

// TokenParams is the query of GET /docuseal/token.
type TokenParams struct {
	TemplateID int64 `query:"templateId" minimum:"0" doc:"open this DocuSeal template; without it the builder starts a new one"`
}

func (h *handlers) token(ctx context.Context, in *TokenParams) (*struct{ Body BuilderToken }, error) {
	p, err := auth.Require(ctx, auth.NeedDepartmentManager)
	if err != nil {
		return nil, err
	}
	if h.docuSeal == nil {
		return nil, apperror.New(apperror.KindNotFound, apperror.CodeNotFound, MsgNotConfigured)
	}
	tok, err := h.docuSeal.BuilderToken(p.Email, in.TemplateID, h.store.DB.Now())
	if err != nil {
		return nil, err
	}
	return &struct{ Body BuilderToken }{Body: tok}, nil
}

// WebhookInput is DocuSeal's delivery: the shared secret header and the raw JSON event.
type WebhookInput struct {
	Secret  string `header:"X-Hive-Docuseal-Secret" doc:"the shared secret (HIVE_DOCUSEAL_WEBHOOK_SECRET)"`
	RawBody []byte `contentType:"application/json"`
}

// WebhookResult says whether the delivery changed a document.
type WebhookResult struct {
	Completed bool `json:"completed" doc:"true when this delivery marked a document completed; false for a repeat or another event"`
}

func (h *handlers) webhook(ctx context.Context, in *WebhookInput) (*struct{ Body WebhookResult }, error) {
	if !WebhookAuthentic(h.cfg, in.Secret) {
		return nil, apperror.New(apperror.KindUnauthorized, apperror.CodeBadToken, MsgWebhookAuth)
	}
	var e WebhookEvent
	if err := json.Unmarshal(in.RawBody, &e); err != nil {
		return nil, apperror.Field("body", "The webhook's body is not DocuSeal's JSON event.")
	}
	out := &struct{ Body WebhookResult }{}
	if !e.Completes() {
		return out, nil
	}
	changed, err := h.store.CompleteSigning(ctx, e.Data.ID)
	if err != nil {
		return nil, err
	}
	out.Body.Completed = changed
	return out, nil
}
