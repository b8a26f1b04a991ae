package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
)

func TestFromAppError(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		err    error
		status int
		code   string
	}{
		{apperror.Unauthenticated(), 401, apperror.CodeNotAuthenticated},
		{apperror.Forbidden(), 403, apperror.CodeAccessDenied},
		{apperror.NotFound("User"), 404, apperror.CodeNotFound},
		{apperror.Conflict("stale"), 409, apperror.CodeConflict},
		{apperror.Field("email", "Invalid email address"), 422, apperror.CodeValidation},
		{&apperror.Error{Kind: apperror.KindTooMany, Code: apperror.CodeTooManyRequests, Message: "slow", RetryAfter: 7}, 503, apperror.CodeTooManyRequests},
		{errors.New("driver exploded"), 500, apperror.CodeInternal},
	}
	for _, c := range cases {
		b := FromAppError(ctx, c.err)
		if b.GetStatus() != c.status || b.ErrorCode != c.code || b.Message == "" {
			t.Errorf("%v → %d %s %q", c.err, b.GetStatus(), b.ErrorCode, b.Message)
		}
	}
	if b := FromAppError(ctx, errors.New("secret detail")); b.Message != "Cannot complete request" {
		t.Errorf("internal error leaks %q", b.Message)
	}
	b := FromAppError(ctx, cases[5].err)
	if b.GetHeaders().Get("Retry-After") != "7" {
		t.Error("no Retry-After")
	}
	v := FromAppError(ctx, cases[4].err)
	if len(v.Detail) != 1 || v.Detail[0].Loc[1] != "email" || v.Detail[0].Msg != "Invalid email address" {
		t.Errorf("detail %+v", v.Detail)
	}
}

func TestAnUnavailableDependencyIsA503WithoutInternals(t *testing.T) {
	cause := fmt.Errorf("begin: %w", apperror.Unavailable(errors.New("dial tcp 10.0.0.7:5432: connect: connection refused")))
	b := FromAppError(context.Background(), cause)
	if b.GetStatus() != http.StatusServiceUnavailable || b.ErrorCode != apperror.CodeTooManyRequests ||
		b.Message != MsgUnavailable || b.GetHeaders().Get("Retry-After") == "" {
		t.Fatalf("%d %s %q %v", b.GetStatus(), b.ErrorCode, b.Message, b.GetHeaders())
	}
	if !errors.Is(cause, apperror.ErrUnavailable) || errors.Unwrap(errors.Unwrap(cause)).Error() != "dial tcp 10.0.0.7:5432: connect: connection refused" {
		t.Fatal("the cause is lost for the log")
	}
	if apperror.Unavailable(nil) != nil {
		t.Fatal("Unavailable(nil) is an error")
	}
}

func TestHumaErrorsTakeOurShape(t *testing.T) {
	err := newHumaError(http.StatusBadRequest, "bad", &huma.ErrorDetail{Location: "body.email", Message: "expected string"})
	b := err.(*ErrorBody)
	if b.GetStatus() != 422 || b.ErrorCode != apperror.CodeValidation || b.Detail[0].Loc[1] != "email" {
		t.Fatalf("%+v", b)
	}
	if newHumaError(http.StatusRequestEntityTooLarge, "too big").(*ErrorBody).ErrorCode != apperror.CodeTooLarge {
		t.Fatal("413 code")
	}
}
