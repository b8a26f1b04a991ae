package timesheets

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"

	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/httpapi"
)

// A receipt is a document: the same size limit, accepted types and messages as a user's
// documents (files.CheckDocument).
const receiptFormLimit = files.DocumentMaxBytes + 1<<20 // the file plus the form's own bytes

var errReceiptTooLarge = apperror.New(apperror.KindTooLarge, apperror.CodeTooLarge, files.MsgDocTooLarge)

type expensePath struct {
	ID        int64 `path:"id" minimum:"1"`
	ExpenseID int64 `path:"expenseId" minimum:"1"`
}

// receiptFile is a receipt sent back as it was uploaded.
type receiptFile struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	NoSniff            string `header:"X-Content-Type-Options"`
	Body               []byte
}

// registerReceipts adds the receipt of an expense: attached and removed by the timesheet's
// freelancer while it is editable, downloaded by whoever may see the timesheet.
func (h *handlers) registerReceipts(api huma.API) {
	const path = "/timesheet/{id}/expense/{expenseId}/receipt"
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "uploadExpenseReceipt", Method: http.MethodPost,
		Path: path, Summary: "Attach a receipt to an expense, replacing any (multipart form, field file, at most 10 MB; its freelancer, until submitted)",
		Tags: []string{"Timesheet"}, Errors: []int{403, 404, 409, 413, 422}, MaxBodyBytes: receiptFormLimit,
		Middlewares: huma.Middlewares{limitReceipt(api)}}, h.attachReceipt)
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Timesheet"}
	httpapi.Op(ops, "downloadExpenseReceipt", "GET "+path,
		"Download an expense's receipt (its freelancer and the department's managers)", httpapi.WithUser(h.downloadReceipt), 404)
	httpapi.Op(ops, "deleteExpenseReceipt", "DELETE "+path,
		"Remove an expense's receipt (its freelancer, until submitted)", httpapi.WithUser(h.removeReceipt), 403, 404, 409)
}

// ownExpense checks that p is the freelancer of timesheet id (404 to those who may not see it,
// 403 to those who may only read it).
func (h *handlers) ownExpense(ctx context.Context, p *auth.Principal, id int64) error {
	r, err := h.store.Get(ctx, id)
	if err != nil {
		return err
	}
	return RequireOwn(p, r.UserID, r.DepartmentID)
}

func (h *handlers) attachReceipt(ctx context.Context, in *struct {
	ID        int64 `path:"id" minimum:"1"`
	ExpenseID int64 `path:"expenseId" minimum:"1"`
	RawBody   huma.MultipartFormFiles[struct {
		File huma.FormFile `form:"file" contentType:"application/octet-stream" required:"true"`
	}]
}) (*oneOutput, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.ownExpense(ctx, p, in.ID); err != nil {
		return nil, err
	}
	f := in.RawBody.Data().File
	defer f.Close()
	if f.Size > files.DocumentMaxBytes {
		return nil, errReceiptTooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, files.DocumentMaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > files.DocumentMaxBytes {
		return nil, errReceiptTooLarge
	}
	name, ct, err := files.CheckDocument(f.Filename, data)
	if err != nil {
		return nil, err
	}
	key := "timesheets/" + strconv.FormatInt(in.ID, 10) + "/receipts/" + files.RandomName()
	if err := h.blobs.Put(ctx, key, ct, bytes.NewReader(data), int64(len(data))); err != nil {
		return nil, err
	}
	out, old, err := h.store.SetReceipt(ctx, in.ID, in.ExpenseID, Receipt{Key: key, Name: name, ContentType: ct,
		Size: int64(len(data))})
	if err != nil {
		h.deleteQuietly(ctx, key)
		return nil, err
	}
	h.deleteQuietly(ctx, old)
	return &oneOutput{Body: ViewOf(p, out)}, nil
}

func (h *handlers) downloadReceipt(ctx context.Context, p *auth.Principal, in *expensePath) (*receiptFile, error) {
	if _, err := h.readable(ctx, p, in.ID); err != nil {
		return nil, err
	}
	rec, err := h.store.ReceiptOf(ctx, in.ID, in.ExpenseID)
	if err != nil {
		return nil, err
	}
	rd, _, err := h.blobs.Get(ctx, rec.Key)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, apperror.NotFound("Receipt")
	}
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	return &receiptFile{ContentType: rec.ContentType, ContentDisposition: files.Attachment(rec.Name),
		CacheControl: "private, no-store", NoSniff: "nosniff", Body: data}, nil
}

func (h *handlers) removeReceipt(ctx context.Context, p *auth.Principal, in *expensePath) (*oneOutput, error) {
	if err := h.ownExpense(ctx, p, in.ID); err != nil {
		return nil, err
	}
	out, old, err := h.store.SetReceipt(ctx, in.ID, in.ExpenseID, Receipt{})
	if err != nil {
		return nil, err
	}
	h.deleteQuietly(ctx, old)
	return &oneOutput{Body: ViewOf(p, out)}, nil
}

// deleteQuietly removes a blob no row names any more; a failure leaves an orphan, logged.
func (h *handlers) deleteQuietly(ctx context.Context, key string) {
	if key == "" {
		return
	}
	if err := h.blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
		slog.WarnContext(ctx, "delete receipt blob", "key", key, "err", err)
	}
}

// limitReceipt answers 413 before reading a body whose Content-Length is past the limit, and
// caps the rest.
func limitReceipt(api huma.API) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		r, w := humachi.Unwrap(ctx)
		if r.ContentLength > receiptFormLimit {
			_ = huma.WriteErr(api, ctx, http.StatusRequestEntityTooLarge, files.MsgDocTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, receiptFormLimit)
		next(ctx)
	}
}
