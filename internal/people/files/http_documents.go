package files

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

// DocumentView is a document as the API shows it.
type DocumentView struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	UploadedBy  *Uploader `json:"uploadedBy"`
	CreatedAt   time.Time `json:"createdAt"`
}

// Uploader is who uploaded a document (null once their account is gone).
type Uploader struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
}

// DocumentList is a user's documents, newest first.
type DocumentList struct {
	Items []DocumentView `json:"items"`
	Total int            `json:"total"`
}

func viewOf(d Document) DocumentView {
	v := DocumentView{ID: d.ID, Name: d.Name, ContentType: d.ContentType, Size: d.Size, CreatedAt: d.CreatedAt}
	if d.UploadedBy.Valid {
		name := d.UploaderFN
		if d.UploaderLN != "" {
			if name != "" {
				name += " "
			}
			name += d.UploaderLN
		}
		v.UploadedBy = &Uploader{ID: d.UploadedBy.Int64, FullName: name}
	}
	return v
}

type docPath struct {
	ID    int64 `path:"id" minimum:"1"`
	DocID int64 `path:"docId" minimum:"1"`
}

// canUseDocuments is who may change a user's documents (upload, delete): the user themself and
// administrators (documents_access.go; reading is wider, requireReadDocuments).
func canUseDocuments(ctx context.Context, userID int64) (*auth.Principal, error) {
	return auth.RequireSelfOr(ctx, userID, auth.NeedAdmin)
}

// CanChangeDocuments is canUseDocuments for a principal at hand (the profile's flag).
func CanChangeDocuments(p *auth.Principal, userID int64) bool { return access.IsSelfOrAdmin(p, userID) }

func (s *Service) registerDocuments(api huma.API) {
	tags := []string{"Account documents"}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Account documents"}
	httpapi.Op(ops, "listUserDocuments", "GET /account/{id}/documents",
		"The user's documents: to the user, administrators, and client or agency managers of an entity or department the freelancer is linked to",
		func(ctx context.Context, in *userPath) (*struct{ Body DocumentList }, error) {
			if err := s.Store.requireReadDocuments(ctx, in.ID); err != nil {
				return nil, err
			}
			if err := s.Store.UserExists(ctx, in.ID); err != nil {
				return nil, err
			}
			docs, err := s.Store.Documents(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			out := DocumentList{Items: make([]DocumentView, 0, len(docs)), Total: len(docs)}
			for _, d := range docs {
				out.Items = append(out.Items, viewOf(d))
			}
			return &struct{ Body DocumentList }{out}, nil
		}, 403, 404)

	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "uploadUserDocument", Method: http.MethodPost,
		Path: "/account/{id}/documents", Summary: "Upload one document (multipart form, field file, at most 10 MB)",
		Tags: tags, Errors: []int{403, 404, 413, 422}, MaxBodyBytes: DocumentMaxBytes + 1<<20,
		DefaultStatus: http.StatusCreated, Middlewares: huma.Middlewares{limitDocument(api)}},
		func(ctx context.Context, in *struct {
			ID      int64 `path:"id" minimum:"1"`
			RawBody huma.MultipartFormFiles[struct {
				File huma.FormFile `form:"file" contentType:"application/octet-stream" required:"true"`
			}]
		}) (*struct{ Body DocumentView }, error) {
			p, err := canUseDocuments(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			if err := s.Store.UserExists(ctx, in.ID); err != nil {
				return nil, err
			}
			f := in.RawBody.Data().File
			defer f.Close()
			if f.Size > DocumentMaxBytes {
				return nil, errDocTooLarge
			}
			data, err := io.ReadAll(io.LimitReader(f, DocumentMaxBytes+1))
			if err != nil {
				return nil, err
			}
			if len(data) > DocumentMaxBytes {
				return nil, errDocTooLarge
			}
			name, ct, err := CheckDocument(f.Filename, data)
			if err != nil {
				return nil, err
			}
			key := "users/" + strconv.FormatInt(in.ID, 10) + "/documents/" + RandomName()
			if err := s.Blobs.Put(ctx, key, ct, bytes.NewReader(data), int64(len(data))); err != nil {
				return nil, err
			}
			id, err := s.Store.AddDocument(ctx, Document{UserID: in.ID, Name: name, ContentType: ct,
				Size: int64(len(data)), BlobKey: key, UploadedBy: sql.NullInt64{Int64: p.UserID, Valid: true}})
			if err != nil {
				s.deleteQuietly(ctx, key)
				return nil, err
			}
			d, err := s.Store.Document(ctx, in.ID, id)
			if err != nil {
				return nil, err
			}
			return &struct{ Body DocumentView }{viewOf(d)}, nil
		})

	httpapi.Op(ops, "downloadUserDocument", "GET /account/{id}/documents/{docId}/file",
		"Download one document (who may list them)", func(ctx context.Context, in *docPath) (*fileOutput, error) {
			if err := s.Store.requireReadDocuments(ctx, in.ID); err != nil {
				return nil, err
			}
			d, err := s.Store.Document(ctx, in.ID, in.DocID)
			if err != nil {
				return nil, err
			}
			data, _, err := s.read(ctx, d.BlobKey, "Document")
			if err != nil {
				return nil, err
			}
			return &fileOutput{ContentType: d.ContentType, ContentDisposition: Attachment(d.Name),
				CacheControl: "private, no-store", NoSniff: "nosniff", Body: data}, nil
		}, 403, 404)

	httpapi.Op(ops.Answering(http.StatusNoContent), "deleteUserDocument", "DELETE /account/{id}/documents/{docId}",
		"Delete one document", func(ctx context.Context, in *docPath) (*struct{}, error) {
			if _, err := canUseDocuments(ctx, in.ID); err != nil {
				return nil, err
			}
			key, err := s.Store.DeleteDocument(ctx, in.ID, in.DocID)
			if err != nil {
				return nil, err
			}
			s.deleteQuietly(ctx, key)
			return &struct{}{}, nil
		}, 403, 404)
}

// limitDocument checks the caller before the body is read (403), answers 413 for bodies whose
// Content-Length is past the limit, and caps the rest.
func limitDocument(api huma.API) func(huma.Context, func(huma.Context)) {
	const limit = DocumentMaxBytes + 1<<20 // the file plus the form's own bytes
	return func(ctx huma.Context, next func(huma.Context)) {
		if id, err := strconv.ParseInt(ctx.Param("id"), 10, 64); err == nil {
			if _, err := canUseDocuments(ctx.Context(), id); err != nil {
				e := httpapi.FromAppError(ctx.Context(), err)
				_ = huma.WriteErr(api, ctx, e.GetStatus(), e.Message)
				return
			}
		}
		r, w := humachi.Unwrap(ctx)
		if r.ContentLength > limit {
			_ = huma.WriteErr(api, ctx, http.StatusRequestEntityTooLarge, MsgDocTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next(ctx)
	}
}
