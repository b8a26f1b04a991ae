package accounts

import (
	"context"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// Impersonation messages.
const (
	MsgCancelImpersonationFirst = "Cancel the current impersonation first."
	MsgNotImpersonating         = "You are not impersonating anyone."
	MsgCannotImpersonateAdmin   = "An administrator cannot be impersonated."
)

// signedInAsSelf is the signed-in user acting on their own sign-in (password, sessions), which
// an administrator impersonating them may not do: 409 until the impersonation ends.
func signedInAsSelf(ctx context.Context) (*auth.Principal, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if p.ImpersonatorID != 0 {
		return nil, apperror.Conflict(MsgCancelImpersonationFirst)
	}
	return p, nil
}
