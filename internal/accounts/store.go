package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// Store reads and writes accounts, sessions, one-time tokens and provider identities.
type Store struct {
	DB *database.DB
	// Limits bound the sessions this store loads; only the session middleware's store needs them.
	Limits SessionLimits
	// Cache keeps recent sessions' principals (store_sessioncache.go); nil reads every request's.
	Cache *SessionCache
	// SecondFactor seals TOTP secrets; AdminSecondFactorOptional lets administrators go without
	// a second factor (HIVE_ADMIN_SECOND_FACTOR=optional, development only).
	SecondFactor              SecondFactorKeys
	AdminSecondFactorOptional bool
}

// UserColumns are the columns of users that User reads, for the features that read it too.
const UserColumns = `id, email, password_hash, first_name, last_name, label, phone, country, timezone,
	account_status, onboarding_state, can_admin, can_create_supplier_entity, can_create_agency_entity,
	can_create_client_entity, is_freelancer, created_at, updated_at, version`

// userQuerier is what both DB (readers) and Tx offer; helpers take it to work inside or
// outside a transaction.
type userQuerier interface {
	Get(ctx context.Context, dest any, query string, args ...any) error
	Select(ctx context.Context, dest any, query string, args ...any) error
}

func findUser(ctx context.Context, q userQuerier, id int64) (User, error) {
	var u User
	err := q.Get(ctx, &u, `SELECT `+UserColumns+` FROM users WHERE id = ?`, id)
	return u, database.NotFound(err, "User")
}

func findUserByEmail(ctx context.Context, q userQuerier, emailLC string) (User, error) {
	var u User
	err := q.Get(ctx, &u, `SELECT `+UserColumns+` FROM users WHERE email_lc = ?`, emailLC)
	return u, database.NotFound(err, "User")
}

// User returns one account; not found is N-404.
func (s *Store) User(ctx context.Context, id int64) (User, error) { return findUser(ctx, s.DB, id) }

// createUser inserts u (ID, timestamps and version are set here) and records it in the history.
func createUser(ctx context.Context, tx *database.Tx, u *User) error {
	u.CreatedAt, u.UpdatedAt, u.Version = tx.Now, tx.Now, 1
	err := tx.Get(ctx, &u.ID, `INSERT INTO users (email, email_lc, password_hash, first_name, last_name, label, phone,
		country, timezone, account_status, onboarding_state, can_admin, can_create_supplier_entity,
		can_create_agency_entity, can_create_client_entity, is_freelancer, created_at, updated_at, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.Email, strings.ToLower(u.Email), u.PasswordHash, u.FirstName, u.LastName, u.Label, u.Phone,
		u.Country, u.Timezone, u.AccountStatus, u.OnboardingState, u.CanAdmin, u.CanCreateSupplierEntity,
		u.CanCreateAgencyEntity, u.CanCreateClientEntity, u.IsFreelancer, u.CreatedAt, u.UpdatedAt, u.Version)
	if errors.Is(err, database.ErrUniqueViolation) {
		return apperror.Conflict("An account with this email address already exists.")
	}
	if err != nil {
		return fmt.Errorf("insert user: %w", err)
	}
	if err := index.Refresh(ctx, tx, index.User, u.ID); err != nil {
		return err
	}
	return audit.Record(ctx, tx, audit.Insert, audit.SourceUser, u.ID, auditRow(*u))
}

// setPassword stores a new hash and, when the account waited for a reset, makes it active.
// The caller ends the sessions (Service.passwordChanged).
func setPassword(ctx context.Context, tx *database.Tx, userID int64, hash string, activate bool) error {
	status := `CASE WHEN account_status = 'reset_required' THEN 'active' ELSE account_status END`
	if activate {
		status = `CASE WHEN account_status IN ('reset_required', 'inactive', 'unknown') THEN 'active' ELSE account_status END`
	}
	if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = ?, account_status = `+status+`,
		updated_at = ?, version = version + 1 WHERE id = ?`, hash, tx.Now, userID); err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return recordUserUpdate(ctx, tx, userID)
}

func recordUserUpdate(ctx context.Context, tx *database.Tx, userID int64) error {
	u, err := findUser(ctx, tx, userID)
	if err != nil {
		return err
	}
	if err := index.Refresh(ctx, tx, index.User, userID); err != nil {
		return err
	}
	return audit.Record(ctx, tx, audit.Update, audit.SourceUser, userID, auditRow(u))
}

// auditRow is the user as history shows it: never the password hash.
func auditRow(u User) map[string]any {
	return map[string]any{
		"id": u.ID, "email": u.Email, "firstName": u.FirstName, "lastName": u.LastName, "label": u.Label,
		"accountStatus": u.AccountStatus, "onboardingState": u.OnboardingState, "canAdmin": u.CanAdmin,
		"canCreateSupplierEntity": u.CanCreateSupplierEntity, "canCreateAgencyEntity": u.CanCreateAgencyEntity,
		"canCreateClientEntity": u.CanCreateClientEntity, "isFreelancer": u.IsFreelancer, "version": u.Version,
	}
}

// Token purposes and lifetimes.
const (
	PurposeReset      = "reset"
	PurposeActivation = "activation"
	ResetTTL          = time.Hour
	ActivationTTL     = 7 * 24 * time.Hour
)

// issueToken creates a single-use token for purpose, replacing the user's unused ones, and
// returns the token itself (only its hash is stored).
func issueToken(ctx context.Context, tx *database.Tx, userID int64, purpose string, ttl time.Duration) (string, error) {
	if _, err := tx.Exec(ctx, `DELETE FROM account_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL`,
		userID, purpose); err != nil {
		return "", err
	}
	token := auth.NewToken()
	_, err := tx.Exec(ctx, `INSERT INTO account_tokens (token_hash, user_id, purpose, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`, auth.TokenHash(token), userID, purpose, tx.Now, tx.Now.Add(ttl))
	return token, err
}

// errBadToken is the answer to a wrong, used or expired token.
func errBadToken() error {
	return apperror.New(apperror.KindInvalid, apperror.CodeBadToken,
		"This link is invalid, has been used, or has expired. Request a new one.")
}

// checkToken reports whether a token is live without using it up (consumeToken still decides).
func checkToken(ctx context.Context, db *database.DB, token, purpose string) error {
	_, err := liveTokenUser(ctx, db, token, purpose)
	return err
}

// liveTokenUser is the user a live (unused, unexpired) token of purpose belongs to, without
// using it up; a wrong, used or expired token is A-105.
func liveTokenUser(ctx context.Context, db *database.DB, token, purpose string) (int64, error) {
	var userID int64
	err := db.Get(ctx, &userID, `SELECT user_id FROM account_tokens
		WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
		auth.TokenHash(token), purpose, db.Now())
	return userID, database.NoRowsAs(err, errBadToken())
}

// consumeToken marks a live token used and returns its user; a wrong, used or expired token is
// The UPDATE is the check, so two concurrent uses cannot both succeed.
func consumeToken(ctx context.Context, tx *database.Tx, token, purpose string) (int64, error) {
	var userID int64
	err := tx.Get(ctx, &userID, `UPDATE account_tokens SET used_at = ?
		WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
		tx.Now, auth.TokenHash(token), purpose, tx.Now)
	return userID, database.NoRowsAs(err, errBadToken())
}
