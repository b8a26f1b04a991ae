package accounts

import (
	"context"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// beginSignIn starts a session for u, or a pending login when u has a second factor. A user who
// must have one but has none gets a session that may only enrol (auth.Principal.MustEnrolSecondFactor).
func (s *Service) beginSignIn(ctx context.Context, tx *database.Tx, u User, remember bool) (SignIn, error) {
	st, err := readSecondFactorState(ctx, tx, u.ID)
	if err != nil {
		return SignIn{}, err
	}
	in := SignIn{User: u, Remember: remember}
	if st.HasSecondFactor {
		factors, err := readEnrolledFactors(ctx, tx, u.ID)
		if err != nil {
			return SignIn{}, err
		}
		in.Methods = factors.methods()
		in.Pending, err = createPendingLogin(ctx, tx, u.ID, remember)
		if err != nil {
			return SignIn{}, err
		}
	} else {
		in.Session, err = createSession(ctx, tx, u.ID, s.Store.Limits, remember)
	}
	return in, err
}

// CompletePendingLogin ends a pending login with a session, inside tx, once a second factor has
// been proved by the caller: the pending login is used up (a second call fails) and the user's
// second-factor failure count is cleared. The other methods (passkeys) call it after checking
// their proof of the user PendingLoginUser named.
func (s *Service) CompletePendingLogin(ctx context.Context, tx *database.Tx, pendingToken string) (SignIn, error) {
	p, found, err := consumePendingLogin(ctx, tx, pendingToken)
	if err != nil {
		return SignIn{}, err
	}
	if !found {
		return SignIn{}, pendingExpired()
	}
	u, err := findUser(ctx, tx, p.UserID)
	if err != nil {
		return SignIn{}, err
	}
	if err := u.loginError(); err != nil {
		return SignIn{}, err
	}
	if err := loginSucceeded(ctx, tx, secondFactorLimitKey(u.ID)); err != nil {
		return SignIn{}, err
	}
	token, err := createSession(ctx, tx, u.ID, s.Store.Limits, p.Remember)
	return SignIn{Session: token, User: u, Remember: p.Remember}, err
}

// SignInWithCode completes a pending login with a TOTP code or a recovery code. Attempts are
// limited per client address like the password, and per user by the login throttle; a TOTP code
// works once (its time step must be after the last one used), a recovery code once.
func (s *Service) SignInWithCode(ctx context.Context, clientAddr, pendingToken, code string) (SignIn, error) {
	if err := checkCodeGiven(code); err != nil {
		return SignIn{}, err
	}
	pending, found, err := findPendingLogin(ctx, s.Store.DB, pendingToken, s.Store.DB.Now())
	if err != nil {
		return SignIn{}, err
	}
	if !found {
		return SignIn{}, pendingExpired()
	}
	if err := s.claimSecondFactorAttempt(ctx, clientAddr, pending.UserID); err != nil {
		return SignIn{}, err
	}
	var in SignIn
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := s.proveSecondFactor(ctx, tx, pending.UserID, code); err != nil {
			return err
		}
		in, err = s.CompletePendingLogin(ctx, tx, pendingToken)
		return err
	})
	return in, err
}

// claimSecondFactorAttempt counts an attempt for userID before the code is checked, in its own
// transaction: a wrong code rolls back, its attempt must not. At sign-in (clientAddr not empty)
// it counts against the client address's sign-in limit too.
func (s *Service) claimSecondFactorAttempt(ctx context.Context, clientAddr string, userID int64) error {
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if clientAddr != "" {
			if err := ratelimit.Hit(ctx, tx, "login:addr:"+clientAddr, LoginPerAddress); err != nil {
				return err
			}
		}
		return claimLoginAttempt(ctx, tx, secondFactorLimitKey(userID))
	})
}

// proveSecondFactor checks code (TOTP or recovery) for userID inside tx and uses it up.
func (s *Service) proveSecondFactor(ctx context.Context, tx *database.Tx, userID int64, code string) error {
	code = normalizeCode(code)
	if !isTOTPCode(code) {
		ok, err := useRecoveryCode(ctx, tx, userID, code)
		if err != nil || !ok {
			return orInvalid(err)
		}
		return nil
	}
	row, found, err := findTOTP(ctx, tx, userID)
	if err != nil || !found || !row.ConfirmedAt.Valid {
		return orInvalid(err)
	}
	secret, err := s.Store.SecondFactor.openSecret(row.SecretSealed)
	if err != nil {
		return err
	}
	step := matchTOTP(secret, code, tx.Now)
	if step == 0 {
		return codeInvalid()
	}
	ok, err := useTOTPStep(ctx, tx, userID, step, false)
	if err != nil || !ok {
		return orInvalid(err)
	}
	return nil
}

// StartTOTP begins the signed-in user's enrolment: a new secret, shown once with its QR code,
// that ConfirmTOTP turns on. It replaces an enrolment begun and not confirmed.
func (s *Service) StartTOTP(ctx context.Context) (TOTPEnrolment, error) {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return TOTPEnrolment{}, err
	}
	var out TOTPEnrolment
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		row, found, err := findTOTP(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		if found && row.ConfirmedAt.Valid {
			return apperror.Conflict(MsgTOTPAlreadyOn)
		}
		if out, err = newTOTPKey(p.Email); err != nil {
			return err
		}
		sealed, err := s.Store.SecondFactor.sealSecret(out.Secret)
		if err != nil {
			return err
		}
		return startTOTP(ctx, tx, p.UserID, sealed)
	})
	return out, err
}

// ConfirmTOTP turns on the enrolment StartTOTP began once code proves the app holds its secret,
// and returns the recovery codes, shown this once. Attempts count like sign-in codes.
func (s *Service) ConfirmTOTP(ctx context.Context, code string) ([]string, error) {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkCodeGiven(code); err != nil {
		return nil, err
	}
	if err := s.claimSecondFactorAttempt(ctx, "", p.UserID); err != nil {
		return nil, err
	}
	codes := newRecoveryCodes()
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		row, found, err := findTOTP(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		switch {
		case !found:
			return apperror.Field("code", MsgTOTPNotStarted)
		case row.ConfirmedAt.Valid:
			return apperror.Conflict(MsgTOTPAlreadyOn)
		}
		secret, err := s.Store.SecondFactor.openSecret(row.SecretSealed)
		if err != nil {
			return err
		}
		step := matchTOTP(secret, normalizeCode(code), tx.Now)
		if step == 0 {
			return codeInvalid()
		}
		if ok, err := useTOTPStep(ctx, tx, p.UserID, step, true); err != nil || !ok {
			return orInvalid(err)
		}
		if err := loginSucceeded(ctx, tx, secondFactorLimitKey(p.UserID)); err != nil {
			return err
		}
		if err := replaceRecoveryCodes(ctx, tx, p.UserID, codes); err != nil {
			return err
		}
		return auditSecondFactor(ctx, tx, p.UserID, "second_factor_enrolled", p.UserID)
	})
	return codes, err
}

// DisableTOTP turns the signed-in user's second factor off: their password and a code (or a
// recovery code) are asked for, so a stolen session alone cannot. Refused when it is required.
func (s *Service) DisableTOTP(ctx context.Context, password, code string) error {
	p, err := signedInAsSelf(ctx)
	if err != nil {
		return err
	}
	var v apperror.Invalid
	if password == "" {
		v.Add("password", MsgPasswordRequired)
	}
	if normalizeCode(code) == "" {
		v.Add("code", MsgCodeRequired)
	}
	if err := v.Err(); err != nil {
		return err
	}
	if p.SecondFactorRequired {
		return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgSecondFactorRequired)
	}
	if err := s.claimSecondFactorAttempt(ctx, "", p.UserID); err != nil {
		return err
	}
	u, err := findUser(ctx, s.Store.DB, p.UserID)
	if err != nil {
		return err
	}
	if !auth.CheckPassword(u.PasswordHash, password) {
		return apperror.Field("password", MsgCurrentPasswordWrong)
	}
	return s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := s.proveSecondFactor(ctx, tx, p.UserID, code); err != nil {
			return err
		}
		if err := loginSucceeded(ctx, tx, secondFactorLimitKey(p.UserID)); err != nil {
			return err
		}
		if _, err := removeSecondFactor(ctx, tx, p.UserID); err != nil {
			return err
		}
		return auditSecondFactor(ctx, tx, p.UserID, "second_factor_disabled", p.UserID)
	})
}

// ResetSecondFactor is an administrator removing another user's second factors (authenticator
// app, recovery codes and passkeys), when they have lost them: audited, mailed to the user, and every session of the user
// ends. Nobody resets their own: that would let a stolen administrator session drop the factor.
func (s *Service) ResetSecondFactor(ctx context.Context, userID int64) error {
	p, err := auth.Require(ctx, auth.NeedAdmin)
	if err != nil {
		return err
	}
	if userID == p.UserID || (p.ImpersonatorID != 0 && userID == p.ImpersonatorID) {
		return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgCannotResetOwn)
	}
	err = s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		u, err := findUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		removed, err := removeSecondFactor(ctx, tx, userID)
		if err != nil {
			return err
		}
		removedPasskeys, err := removePasskeys(ctx, tx, userID)
		if err != nil {
			return err
		}
		if !removed && !removedPasskeys {
			return apperror.Conflict(MsgNoSecondFactorToReset)
		}
		if err := endSessionsOf(ctx, tx, userID, 0); err != nil {
			return err
		}
		if err := auditSecondFactor(ctx, tx, userID, "second_factor_reset", p.UserID); err != nil {
			return err
		}
		return mail.Enqueue(ctx, tx, secondFactorResetMail(u))
	})
	if err == nil && s.WakeMail != nil {
		s.WakeMail()
	}
	return err
}

// auditSecondFactor records a change to userID's second factor, made by byUserID.
func auditSecondFactor(ctx context.Context, tx *database.Tx, userID int64, event string, byUserID int64) error {
	return audit.Record(ctx, tx, audit.Update, audit.SourceUser, userID, map[string]any{
		"event": event, "userId": userID, "byUserId": byUserID})
}
