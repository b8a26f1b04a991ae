package accounts

import (
	"context"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Impersonate lets an administrator act as another user within the current session. Another
// administrator cannot be impersonated: that would let one admin act under another's name.
// Both the start and the end are audited (ASVS V7.1.3).
func (s *Service) Impersonate(ctx context.Context, targetID int64) (User, error) {
	p, err := auth.Require(ctx, auth.NeedAdmin)
	if err != nil {
		return User{}, err
	}
	if p.ImpersonatorID != 0 {
		return User{}, apperror.Conflict(MsgCancelImpersonationFirst)
	}
	if targetID == p.UserID {
		return User{}, apperror.Field("id", "You cannot impersonate yourself.")
	}
	var target User
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if target, err = findUser(ctx, tx, targetID); err != nil {
			return err
		}
		switch {
		case target.AccountStatus == StatusSystem:
			return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, "A system account cannot be impersonated.")
		case target.CanAdmin:
			return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgCannotImpersonateAdmin)
		}
		if err := impersonate(ctx, tx, p.SessionID, p.UserID, targetID); err != nil {
			return err
		}
		return auditImpersonation(ctx, tx, "impersonation_started", p.SessionID, p.UserID, p.FullName(), target)
	})
	return target, err
}

// CancelImpersonation returns the session to the administrator who started it.
func (s *Service) CancelImpersonation(ctx context.Context) (User, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return User{}, err
	}
	if p.ImpersonatorID == 0 {
		return User{}, apperror.Conflict(MsgNotImpersonating)
	}
	var admin User
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		adminID, err := cancelImpersonation(ctx, tx, p.SessionID)
		if err != nil {
			return database.NoRowsAs(err, apperror.Conflict(MsgNotImpersonating))
		}
		if admin, err = findUser(ctx, tx, adminID); err != nil {
			return err
		}
		target := User{ID: p.UserID, FirstName: p.FirstName, LastName: p.LastName, Email: p.Email}
		return auditImpersonation(ctx, tx, "impersonation_ended", p.SessionID, admin.ID, admin.FullName(), target)
	})
	return admin, err
}

// auditImpersonation records the start or end of an impersonation against the session, naming
// the administrator and the user acted as. The record's user fields are the principal's: the
// admin at the start, the target with the admin as impersonator at the end.
func auditImpersonation(ctx context.Context, tx *database.Tx, event string, sessionID, adminID int64, adminName string, target User) error {
	return audit.Record(ctx, tx, audit.Update, audit.SourceSession, sessionID, map[string]any{
		"event": event, "adminUserId": adminID, "adminName": adminName,
		"targetUserId": target.ID, "targetName": target.FullName(), "targetEmail": target.Email,
	})
}
