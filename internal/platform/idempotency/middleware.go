// Package idempotency makes writes safe to send again: a signed-in request under the API that
// changes something (POST, PUT, PATCH, DELETE) and carries an Idempotency-Key header runs once
// per user and key; a repeat with the same method, path and body gets the first answer (status,
// the headers that describe it, body) without running again, and with anything else 422. Keys
// are kept in the database for 24 h, so whichever node a repeat reaches answers it.
package idempotency

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Header is the request header naming a key: any text the client makes once per change it
// means (a UUID), at most MaxKeyLength characters.
const Header = "Idempotency-Key"

// ReplayedHeader marks an answer given from the key's first request instead of running again.
const ReplayedHeader = "Idempotent-Replayed"

// MaxKeyLength bounds a key.
const MaxKeyLength = 200

// Keep is how long a key is kept (housekeeping deletes it after, see PurgeExpired).
const Keep = 24 * time.Hour

// The refusals of keyed requests.
const (
	MsgKeyReused  = "This Idempotency-Key was sent before with a different request"
	MsgKeyTooLong = "Idempotency-Key must be at most 200 characters"
	MsgInProgress = "A request with this Idempotency-Key is still being carried out. Please try again in a moment."
	MsgAnswerLost = "The request with this Idempotency-Key was carried out, but its answer was lost. Reload to see the result."
	MsgTakenOver  = "This request took too long and its repeat was carried out instead."
)

// Timing of repeats that meet their first request still running.
const (
	// lease is how long a request holds its key: a repeat arriving later, while the first has
	// changed nothing, runs instead (the first one's node is taken to have died), and the first
	// one, if it still runs, can no longer commit. Requests end far sooner (the server's write
	// timeout is 60 s, a write a few ms).
	lease = 30 * time.Second
	// waitForFirst is how long a repeat waits for the first request's answer before 409.
	waitForFirst = 5 * time.Second
	pollEvery    = 20 * time.Millisecond
)

// keptHeaders are the answer headers a replay gives again: those that describe the answer.
// Set-Cookie is never kept: answers that set cookies are not kept at all (see serve).
var keptHeaders = []string{"Content-Type", "Content-Disposition", "Location", "ETag", "Last-Modified"}

// Middleware serves keyed writes once (see the package comment). It runs inside the session
// middleware (it needs the user) and the CSRF check (a refused request takes no key). Requests
// without a key, from visitors, or that read only pass straight through.
func Middleware(db *database.DB, next http.Handler) http.Handler {
	s := &store{db: db}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get(Header)
		p := auth.FromContext(r.Context())
		if key == "" || p == nil || !changes(r) {
			next.ServeHTTP(w, r)
			return
		}
		if len(key) > MaxKeyLength {
			httpapi.WriteError(r.Context(), w, headerInvalid(MsgKeyTooLong))
			return
		}
		body, err := io.ReadAll(r.Body)
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errorReader{err}))
		if err != nil { // too large or cut short: the handler meets the same error
			next.ServeHTTP(w, r)
			return
		}
		sum := sha256.Sum256(body)
		req := request{userID: p.UserID, key: key, methodPath: r.Method + " " + r.URL.RequestURI(),
			bodyHash: hex.EncodeToString(sum[:])}
		s.serve(w, r, req, next)
	})
}

// changes reports the API requests that may change something.
func changes(r *http.Request) bool {
	if !strings.HasPrefix(r.URL.Path, httpapi.Prefix+"/") {
		return false
	}
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// serve claims the key and runs the request, or answers from the key's first request.
func (s *store) serve(w http.ResponseWriter, r *http.Request, req request, next http.Handler) {
	ctx := r.Context()
	owner := newOwner()
	first, err := s.await(ctx, req, owner)
	if err != nil {
		httpapi.WriteError(ctx, w, err)
		return
	}
	if first != nil {
		replay(w, *first)
		return
	}
	// The request's writes mark the key (not the middleware's own, which use r's context).
	ctx = database.BeforeCommit(ctx, func(ctx context.Context, tx *database.Tx) error {
		held, err := markApplied(ctx, tx, req, owner)
		if err == nil && !held {
			err = apperror.Conflict(MsgTakenOver)
		}
		return err
	})
	rec := &recorder{ResponseWriter: w}
	finished := false
	defer func() { // also when the handler panics: the key is released or kept, never left running
		s.finish(context.WithoutCancel(r.Context()), req, owner, rec, finished)
	}()
	next.ServeHTTP(rec, r.WithContext(ctx))
	finished = true
}

// await claims the key for owner and returns nil, or returns the first request's answer, or
// an error to answer with: a different request under the key (422), the first still running
// after waitForFirst or its answer lost (409).
func (s *store) await(ctx context.Context, req request, owner string) (*answer, error) {
	deadline := time.Now().Add(waitForFirst)
	for {
		claimed, err := s.claim(ctx, req, owner, lease)
		if err != nil || claimed {
			return nil, err
		}
		for {
			first, found, err := s.read(ctx, req)
			if err != nil {
				return nil, err
			}
			if !found {
				break // released or expired meanwhile: claim it anew
			}
			if first.MethodPath != req.methodPath || first.BodyHash != req.bodyHash {
				return nil, headerInvalid(MsgKeyReused)
			}
			if first.Status.Valid {
				a, err := answerOf(first)
				return &a, err
			}
			if s.db.Now().After(first.LockedUntil) {
				if first.AppliedAt.Valid {
					return nil, apperror.Conflict(MsgAnswerLost)
				}
				if took, err := s.takeOver(ctx, req, first.Owner, owner, lease); err != nil || took {
					return nil, err
				}
			}
			if time.Now().After(deadline) {
				e := apperror.Conflict(MsgInProgress)
				e.RetryAfter = 1
				return nil, e
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(pollEvery):
			}
		}
	}
}

// finish keeps the answer of owner's request as the key's first answer, or releases the key
// so that a repeat runs anew: after a 5xx or a panic that changed nothing (the failure may
// pass), and after an answer that sets cookies (sign-in, sign-out, impersonation: a session's
// credentials are never stored, and such a repeat is harmless).
func (s *store) finish(ctx context.Context, req request, owner string, rec *recorder, finished bool) {
	log := func(err error) {
		slog.ErrorContext(ctx, "idempotency key", "err", err, "request_id", httpapi.RequestID(ctx))
	}
	if rec.setsCookie {
		if _, err := s.release(ctx, req, owner, true); err != nil {
			log(err)
		}
		return
	}
	if !finished || rec.status == 0 || rec.status >= 500 {
		released, err := s.release(ctx, req, owner, false)
		if err != nil || released || !finished {
			if err != nil {
				log(err)
			}
			return // a panic after the change leaves the row running: its repeat answers 409 (lost)
		}
	}
	if err := s.keep(ctx, req, owner, rec.answer()); err != nil {
		log(err)
	}
}

// replay writes a stored answer.
func replay(w http.ResponseWriter, a answer) {
	for k, v := range a.headers {
		w.Header()[k] = v
	}
	w.Header().Set(ReplayedHeader, "true")
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body)
}

// headerInvalid is a 422 naming the Idempotency-Key header.
func headerInvalid(msg string) error {
	return &apperror.Error{Kind: apperror.KindInvalid, Code: apperror.CodeValidation, Message: msg,
		Fields: []apperror.FieldError{{Loc: []string{"header", Header}, Msg: msg, Type: "value_error"}}}
}

func newOwner() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// recorder passes the answer through to the client and keeps a copy of it.
type recorder struct {
	http.ResponseWriter
	status     int
	headers    http.Header
	setsCookie bool
	body       bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
		r.headers = http.Header{}
		for _, k := range keptHeaders {
			if v := r.Header().Values(k); len(v) > 0 {
				r.headers[k] = append([]string(nil), v...)
			}
		}
		r.setsCookie = len(r.Header().Values("Set-Cookie")) > 0
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.WriteHeader(http.StatusOK)
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (r *recorder) answer() answer {
	return answer{status: r.status, headers: r.headers, body: r.body.Bytes()}
}

// errorReader ends a re-read body with the error its first reading met (nil: EOF).
type errorReader struct{ err error }

func (e errorReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}
