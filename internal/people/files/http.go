package files

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/people"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Service holds what the file operations share.
type Service struct {
	Store  *Store
	Blobs  blob.Store
	Signer *blob.Signer
}

// Register adds the operations of this area. The blob store comes from the configuration
// (HIVE_S3_* or HIVE_DATA_DIR/blobs); a configuration it cannot use stops the start.
func Register(api huma.API, d people.Deps) {
	blobs, err := openBlobs(d.Config)
	if err != nil {
		panic(err)
	}
	signer := blob.NewSigner(d.Config.Secret)
	signer.Now = d.DB.Now // Hive's one clock: upload links expire on the time the rest reads
	(&Service{Store: &Store{DB: d.DB}, Blobs: blobs, Signer: signer}).Register(api)
}

// openBlobs opens the configured blob store; the fault tests replace it with a store that
// fails as a full disk does.
var openBlobs = blob.FromConfig

// UploadURL is where and how the browser sends the file.
type UploadURL struct {
	UploadURL string    `json:"uploadUrl" doc:"Send the file here as the raw request body"`
	Method    string    `json:"method" enum:"PUT"`
	MaxBytes  int64     `json:"maxBytes"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// UploadResult answers a finished upload.
type UploadResult struct {
	ProfileImageURL string `json:"profileImageUrl"`
}

// fileOutput is a file sent back as it is.
type fileOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	NoSniff            string `header:"X-Content-Type-Options"`
	Body               []byte
}

type userPath struct {
	ID int64 `path:"id" minimum:"1"`
}

var (
	errBadUploadToken = apperror.New(apperror.KindForbidden, apperror.CodeBadToken,
		"This upload link is not valid or has expired. Please try again.")
	errImageTooLarge = apperror.New(apperror.KindTooLarge, apperror.CodeTooLarge, MsgImageTooLarge)
	errDocTooLarge   = apperror.New(apperror.KindTooLarge, apperror.CodeTooLarge, MsgDocTooLarge)
)

// Register adds the operations to api.
func (s *Service) Register(api huma.API) {
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Account"}
	httpapi.Op(ops, "getProfileImageUploadUrl", "GET /account/{id}/profile_image",
		"A short-lived URL that accepts the user's new profile image (PUT)",
		func(ctx context.Context, in *userPath) (*struct{ Body UploadURL }, error) {
			if _, err := auth.RequireSelfOr(ctx, in.ID, auth.NeedAdmin); err != nil {
				return nil, err
			}
			if err := s.Store.UserExists(ctx, in.ID); err != nil {
				return nil, err
			}
			url, exp, err := s.Signer.SignUploadURL(profileKeyPrefix(in.ID)+RandomName(), "image/*", ProfileImageMaxBytes, UploadURLTTL)
			if err != nil {
				return nil, err
			}
			return &struct{ Body UploadURL }{UploadURL{UploadURL: url, Method: http.MethodPut,
				MaxBytes: ProfileImageMaxBytes, ExpiresAt: exp}}, nil
		}, 403, 404)

	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "uploadBlob", Method: http.MethodPut,
		Path: "/blob-upload/{token}", Summary: "Receive a file for a signed upload URL (raw body)",
		Tags: []string{"Files"}, Errors: []int{403, 404, 413, 422}, MaxBodyBytes: ProfileImageMaxBytes + 1,
		Middlewares: huma.Middlewares{s.limitUpload(api)}},
		func(ctx context.Context, in *struct {
			Token   string `path:"token" maxLength:"2000"`
			RawBody []byte `contentType:"application/octet-stream"`
		}) (*struct{ Body UploadResult }, error) {
			u, err := s.Signer.Verify(in.Token)
			if err != nil {
				return nil, errBadUploadToken
			}
			userID, ok := userOfProfileKey(u.Key)
			if !ok {
				return nil, errBadUploadToken
			}
			if _, err := auth.RequireSelfOr(ctx, userID, auth.NeedAdmin); err != nil {
				return nil, err
			}
			if int64(len(in.RawBody)) > u.MaxBytes {
				return nil, errImageTooLarge
			}
			return s.saveProfileImage(ctx, userID, u.Key, in.RawBody)
		})

	httpapi.Op(ops, "getProfileImage", "GET /account/{id}/profile_image/file",
		"The user's profile image (to those who may see the profile)", func(ctx context.Context, in *struct {
			ID int64  `path:"id" minimum:"1"`
			V  string `query:"v" doc:"Cache buster; changes with the image"`
		}) (*fileOutput, error) {
			key, err := s.visibleImageKey(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			data, info, err := s.read(ctx, key, "Profile image")
			if err != nil {
				return nil, err
			}
			return &fileOutput{ContentType: info.ContentType, CacheControl: "private, max-age=86400",
				NoSniff: "nosniff", Body: data}, nil
		}, 404)

	s.registerDocuments(api)
}

// errNoImage answers for a user without an image, a user the caller may not see and an id
// that names nobody alike, so the image route confirms no account.
var errNoImage = apperror.NotFound("Profile image")

// visibleImageKey returns the blob key of user's profile image when the caller may see their
// profile (access.CanSeeUser, the profile's own rule). Images are served only here:
// the blob store has no route of its own to read through.
func (s *Service) visibleImageKey(ctx context.Context, user int64) (string, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return "", err
	}
	visible, err := access.UserVisibleTo(ctx, s.Store.DB, access.UserViewerOf(p), user)
	if err != nil {
		return "", err
	}
	if !visible {
		return "", errNoImage
	}
	key, err := s.Store.ProfileImageKey(ctx, user)
	if err == nil && key == "" {
		err = errNoImage
	}
	return key, err
}

// limitUpload answers 413 before reading a body its Content-Length shows too large, and caps
// the body at the token's size.
func (s *Service) limitUpload(api huma.API) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		u, err := s.Signer.Verify(ctx.Param("token"))
		if err != nil {
			next(ctx) // the handler answers the bad token
			return
		}
		r, w := humachi.Unwrap(ctx)
		if r.ContentLength > u.MaxBytes {
			_ = huma.WriteErr(api, ctx, http.StatusRequestEntityTooLarge, MsgImageTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, u.MaxBytes+1)
		next(ctx)
	}
}

func (s *Service) saveProfileImage(ctx context.Context, userID int64, key string, data []byte) (*struct{ Body UploadResult }, error) {
	ct, err := CheckImage(data)
	if err != nil {
		return nil, err
	}
	if err := s.Blobs.Put(ctx, key, ct, bytesReader(data), int64(len(data))); err != nil {
		return nil, err
	}
	old, err := s.Store.SetProfileImage(ctx, userID, key)
	if err != nil {
		s.deleteQuietly(ctx, key)
		return nil, err
	}
	if old != "" && old != key {
		s.deleteQuietly(ctx, old)
	}
	return &struct{ Body UploadResult }{UploadResult{ProfileImageURL: ProfileImageURL(userID, key)}}, nil
}

// read loads a whole blob (images and documents are at most a few megabytes).
func (s *Service) read(ctx context.Context, key, what string) ([]byte, blob.Info, error) {
	r, info, err := s.Blobs.Get(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, info, apperror.NotFound(what)
	}
	if err != nil {
		return nil, info, err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	return data, info, err
}

func (s *Service) deleteQuietly(ctx context.Context, key string) {
	if err := s.Blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
		slog.WarnContext(ctx, "delete blob", "key", key, "err", err)
	}
}
