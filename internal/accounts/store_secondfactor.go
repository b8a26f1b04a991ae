package accounts

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// PendingLoginTTL is how long a sign-in waits for its second factor.
const PendingLoginTTL = 5 * time.Minute

// hasTOTPSQL is true for a user u with a confirmed authenticator app; hasPasskeySQL for one
// with a passkey.
const (
	hasTOTPSQL    = `EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = u.id AND t.confirmed_at IS NOT NULL)`
	hasPasskeySQL = `EXISTS (SELECT 1 FROM passkeys k WHERE k.user_id = u.id)`
)

// hasSecondFactorSQL is true for a user u with a second factor enrolled: the one place that
// says what counts as one (a confirmed TOTP, or a passkey).
const hasSecondFactorSQL = `(` + hasTOTPSQL + ` OR ` + hasPasskeySQL + `)`

// entityRequiresSecondFactorSQL is true for a user u who manages a client entity that requires a
// second factor of its managers, or one of its departments.
const entityRequiresSecondFactorSQL = `(EXISTS (SELECT 1 FROM user_entity_refs r JOIN entities e ON e.id = r.entity_id
		WHERE r.user_id = u.id AND r.can_manage = TRUE AND e.second_factor_required = TRUE)
	OR EXISTS (SELECT 1 FROM user_department_refs r JOIN departments d ON d.id = r.department_id
		JOIN entities e ON e.id = d.client_id
		WHERE r.user_id = u.id AND r.can_manage = TRUE AND e.second_factor_required = TRUE))`

// secondFactorColumns read, beside a user row u, whether they have and must have a second factor.
const secondFactorColumns = hasSecondFactorSQL + ` AS has_second_factor, ` +
	entityRequiresSecondFactorSQL + ` AS entity_requires_second_factor`

// secondFactorMethodColumns read, beside a user row u, which second factors they have enrolled.
const secondFactorMethodColumns = hasTOTPSQL + ` AS has_totp, ` + hasPasskeySQL + ` AS has_passkey`

// secondFactorState is whether a user has a second factor and whether one is required of them.
type secondFactorState struct {
	HasSecondFactor            bool `db:"has_second_factor"`
	EntityRequiresSecondFactor bool `db:"entity_requires_second_factor"`
}

// required reports whether u must sign in with a second factor: every administrator (unless the
// deployment lets them go without: HIVE_ADMIN_SECOND_FACTOR, development only) and the managers
// of an entity that requires it.
func (st secondFactorState) required(u User, adminsOptional bool) bool {
	return (u.CanAdmin && !adminsOptional) || st.EntityRequiresSecondFactor
}

// enrolledFactors are the second factors a user has: an authenticator app (with its recovery
// codes), a passkey.
type enrolledFactors struct {
	HasTOTP    bool `db:"has_totp"`
	HasPasskey bool `db:"has_passkey"`
}

// methods names the enrolled factors as the login answer does (SecondFactorMethods).
func (f enrolledFactors) methods() []string {
	var m []string
	if f.HasTOTP {
		m = append(m, SecondFactorMethods...)
	}
	if f.HasPasskey {
		m = append(m, MethodPasskey)
	}
	return m
}

// readEnrolledFactors reads which second factors userID has.
func readEnrolledFactors(ctx context.Context, q userQuerier, userID int64) (enrolledFactors, error) {
	var f enrolledFactors
	err := q.Get(ctx, &f, `SELECT `+secondFactorMethodColumns+` FROM users u WHERE u.id = ?`, userID)
	if err != nil {
		return f, fmt.Errorf("read second factors: %w", err)
	}
	return f, nil
}

// readSecondFactorState reads the state of userID.
func readSecondFactorState(ctx context.Context, q userQuerier, userID int64) (secondFactorState, error) {
	var st secondFactorState
	err := q.Get(ctx, &st, `SELECT `+secondFactorColumns+` FROM users u WHERE u.id = ?`, userID)
	if err != nil {
		return st, fmt.Errorf("read second factor: %w", err)
	}
	return st, nil
}

// principalSecondFactor sets p's second-factor fields from st.
func (s *Store) principalSecondFactor(p *auth.Principal, u User, st secondFactorState) {
	p.HasSecondFactor = st.HasSecondFactor
	p.SecondFactorRequired = st.required(u, s.AdminSecondFactorOptional)
}

// totpRow is a user's TOTP enrolment.
type totpRow struct {
	SecretSealed string       `db:"secret_sealed"`
	ConfirmedAt  sql.NullTime `db:"confirmed_at"`
	LastStep     int64        `db:"last_step"`
}

// findTOTP reads userID's enrolment; found is false when there is none.
func findTOTP(ctx context.Context, q userQuerier, userID int64) (totpRow, bool, error) {
	var r totpRow
	found, err := database.Found(q.Get(ctx, &r,
		`SELECT secret_sealed, confirmed_at, last_step FROM user_totp WHERE user_id = ?`, userID))
	if err != nil {
		return r, false, fmt.Errorf("read totp: %w", err)
	}
	return r, found, nil
}

// startTOTP replaces any unconfirmed enrolment of userID with a new sealed secret.
func startTOTP(ctx context.Context, tx *database.Tx, userID int64, sealed string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM user_totp WHERE user_id = ? AND confirmed_at IS NULL`, userID); err != nil {
		return fmt.Errorf("start totp: %w", err)
	}
	_, err := tx.Exec(ctx, `INSERT INTO user_totp (user_id, secret_sealed, created_at) VALUES (?, ?, ?)`,
		userID, sealed, tx.Now)
	if err != nil {
		return fmt.Errorf("start totp: %w", err)
	}
	return nil
}

// useTOTPStep records step as used by userID, and reports false when a code of that step or a
// later one was used already (a replay). The condition makes it atomic: of two requests with
// one code, one wins. confirm also marks the enrolment confirmed.
func useTOTPStep(ctx context.Context, tx *database.Tx, userID, step int64, confirm bool) (bool, error) {
	query := `UPDATE user_totp SET last_step = ? WHERE user_id = ? AND last_step < ? AND confirmed_at IS NOT NULL`
	args := []any{step, userID, step}
	if confirm {
		query = `UPDATE user_totp SET last_step = ?, confirmed_at = ? WHERE user_id = ? AND last_step < ? AND confirmed_at IS NULL`
		args = []any{step, tx.Now, userID, step}
	}
	n, err := tx.Exec(ctx, query, args...)
	if err != nil {
		return false, fmt.Errorf("use totp step: %w", err)
	}
	return n == 1, nil
}

// replaceRecoveryCodes stores the hashes of codes as userID's only recovery codes.
func replaceRecoveryCodes(ctx context.Context, tx *database.Tx, userID int64, codes []string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("replace recovery codes: %w", err)
	}
	for _, c := range codes {
		if _, err := tx.Exec(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`,
			userID, recoveryCodeHash(userID, c)); err != nil {
			return fmt.Errorf("replace recovery codes: %w", err)
		}
	}
	return nil
}

// useRecoveryCode spends one of userID's unused recovery codes; false when code is none of them.
func useRecoveryCode(ctx context.Context, tx *database.Tx, userID int64, code string) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
		tx.Now, userID, recoveryCodeHash(userID, code))
	if err != nil {
		return false, fmt.Errorf("use recovery code: %w", err)
	}
	return n == 1, nil
}

// removeSecondFactor deletes userID's enrolment and recovery codes; false when there was none.
func removeSecondFactor(ctx context.Context, tx *database.Tx, userID int64) (bool, error) {
	n, err := tx.Exec(ctx, `DELETE FROM user_totp WHERE user_id = ?`, userID)
	if err != nil {
		return false, fmt.Errorf("remove totp: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
		return false, fmt.Errorf("remove recovery codes: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM pending_logins WHERE user_id = ?`, userID); err != nil {
		return false, fmt.Errorf("remove pending logins: %w", err)
	}
	return n > 0, nil
}

// pendingLogin is a sign-in waiting for its second factor.
type pendingLogin struct {
	UserID   int64 `db:"user_id"`
	Remember bool  `db:"remember"`
}

// createPendingLogin starts a sign-in of userID that waits for a second factor, returning its token.
func createPendingLogin(ctx context.Context, tx *database.Tx, userID int64, remember bool) (string, error) {
	token := auth.NewToken()
	_, err := tx.Exec(ctx, `INSERT INTO pending_logins (token_hash, user_id, remember, expires_at) VALUES (?, ?, ?, ?)`,
		auth.TokenHash(token), userID, remember, tx.Now.Add(PendingLoginTTL))
	if err != nil {
		return "", fmt.Errorf("create pending login: %w", err)
	}
	return token, nil
}

// findPendingLogin reads the live pending login of token; found is false for none.
func findPendingLogin(ctx context.Context, q userQuerier, token string, now time.Time) (pendingLogin, bool, error) {
	var p pendingLogin
	found, err := database.Found(q.Get(ctx, &p,
		`SELECT user_id, remember FROM pending_logins WHERE token_hash = ? AND expires_at > ?`, auth.TokenHash(token), now))
	if err != nil {
		return p, false, fmt.Errorf("read pending login: %w", err)
	}
	return p, found, nil
}

// consumePendingLogin deletes the pending login of token, reporting whether it was there and
// live: only one request can complete a sign-in.
func consumePendingLogin(ctx context.Context, tx *database.Tx, token string) (pendingLogin, bool, error) {
	var p pendingLogin
	found, err := database.Found(tx.Get(ctx, &p, `DELETE FROM pending_logins WHERE token_hash = ? AND expires_at > ?
		RETURNING user_id, remember`, auth.TokenHash(token), tx.Now))
	if err != nil {
		return p, false, fmt.Errorf("consume pending login: %w", err)
	}
	return p, found, nil
}

// purgePendingLogins forgets expired pending logins.
func purgePendingLogins(ctx context.Context, tx *database.Tx) error {
	_, err := tx.Exec(ctx, `DELETE FROM pending_logins WHERE expires_at <= ?`, tx.Now)
	return err
}
