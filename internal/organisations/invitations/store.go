package invitations

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
)

// Store reads and writes invitations.
type Store struct {
	DB      *database.DB
	BaseURL string // links in invitation mail point here
}

// database.Reader is what both DB and Tx offer.
// row is an invitation with the names it shows.
type row struct {
	ID           int64          `db:"id"`
	EntityID     int64          `db:"entity_id"`
	EntityName   string         `db:"entity_name"`
	Email        string         `db:"email"`
	EmailLC      string         `db:"email_lc"`
	Purpose      string         `db:"purpose"`
	Message      string         `db:"message"`
	Status       string         `db:"status"`
	UserID       sql.NullInt64  `db:"user_id"`
	UserFirst    sql.NullString `db:"user_first_name"`
	UserLast     sql.NullString `db:"user_last_name"`
	InvitedBy    sql.NullInt64  `db:"invited_by"`
	InviterFirst sql.NullString `db:"inviter_first_name"`
	InviterLast  sql.NullString `db:"inviter_last_name"`
	ExpiresAt    time.Time      `db:"expires_at"`
	CreatedAt    time.Time      `db:"created_at"`
	Version      int            `db:"version"`
	StoredUserID sql.NullInt64  `db:"stored_user_id"`
	Total        int            `db:"total"`
}

// The user shown is the account the invitation is bound to (never whoever holds the
// address now).
const selectFrom = `SELECT i.id, i.entity_id, e.name AS entity_name, i.email, i.email_lc, i.purpose, i.message,
		i.status, u.id AS user_id, u.first_name AS user_first_name, u.last_name AS user_last_name,
		i.invited_by, b.first_name AS inviter_first_name, b.last_name AS inviter_last_name, i.expires_at,
		i.created_at, i.version, i.user_id AS stored_user_id, COUNT(*) OVER() AS total
	FROM invitations i
	JOIN entities e ON e.id = i.entity_id
	LEFT JOIN users u ON u.id = i.user_id
	LEFT JOIN users b ON b.id = i.invited_by`

func person(id sql.NullInt64, first, last sql.NullString) *InvitationUser {
	if !id.Valid {
		return nil
	}
	return &InvitationUser{ID: id.Int64, FullName: strings.TrimSpace(first.String + " " + last.String)}
}

func (r row) invitation() Invitation {
	return Invitation{ID: r.ID, User: person(r.UserID, r.UserFirst, r.UserLast), Email: r.Email, Message: r.Message,
		Status: r.Status, Purpose: r.Purpose, EntityID: r.EntityID, Entity: InvitationEntity{ID: r.EntityID, Name: r.EntityName},
		InvitedBy: person(r.InvitedBy, r.InviterFirst, r.InviterLast), CreatedAt: r.CreatedAt.UTC(),
		ExpiresAt: r.ExpiresAt.UTC(), Version: r.Version}
}

func findRow(ctx context.Context, q database.Reader, id int64) (row, error) {
	var r row
	err := q.Get(ctx, &r, selectFrom+` WHERE i.id = ?`, id)
	return r, database.NotFound(err, "Invitation")
}

// Get returns one invitation; not found is N-404.
func (s *Store) Get(ctx context.Context, id int64) (Invitation, error) {
	r, err := findRow(ctx, s.DB, id)
	return r.invitation(), err
}

// addressee reports whether userID is the user invitation r is bound to. The account's current
// address plays no part: an address can change, and an invitation belongs to the person it was
// made for (the account holding the address when it was sent), to whoever signs up with its
// mailed token, or to the account that later proves it reads the address (BindToUser).
func (r row) addressee(userID int64) bool {
	return r.StoredUserID.Valid && r.StoredUserID.Int64 == userID
}

// Filter selects invitations for a list. Zero values do not filter.
type Filter struct {
	EntityID   int64   // one entity
	AllVisible bool    // no visibility restriction (administrators, or checked by the caller)
	EntityIDs  []int64 // without AllVisible: the entities the caller views...
	UserID     int64   // ...or (with AllVisible: and) invitations bound to this user
	Status     string
	Purpose    string
	Email      string // contains, case-insensitive
	Sort       string
	Offset     int
	Limit      int
}

// sortColumns whitelists the sort fields of the lists.
var sortColumns = map[string]string{
	"createdAt":  "i.created_at",
	"email":      "i.email_lc",
	"status":     "i.status",
	"purpose":    "i.purpose",
	"entityName": "e.name_lc",
}

// SortFields lists the accepted sort values, for the OpenAPI document.
const SortFields = "createdAt, email, status, purpose, entityName (prefix - for descending; default -createdAt)"

// ValidSort reports whether sort is a known field, with or without the - prefix.
func ValidSort(sort string) bool {
	_, ok := sortColumns[strings.TrimPrefix(sort, "-")]
	return sort == "" || ok
}

// InvitationPage is one page of invitations and the total across pages.
type InvitationPage struct {
	Items []Invitation `json:"items"`
	Total int          `json:"total"`
}

// List returns the invitations f selects, one page.
func (s *Store) List(ctx context.Context, f Filter) (InvitationPage, error) {
	var where database.Where
	if f.EntityID != 0 {
		where.Add("i.entity_id = ?", f.EntityID)
	}
	mine := "i.user_id = ?"
	if f.AllVisible {
		if f.UserID != 0 {
			where.Add(mine, f.UserID)
		}
	} else {
		// What the caller may see: the entities they view, and their own invitations.
		var scope []string
		var args []any
		if len(f.EntityIDs) > 0 {
			in, ids := database.In(f.EntityIDs)
			scope, args = append(scope, "i.entity_id IN ("+in+")"), append(args, ids...)
		}
		if f.UserID != 0 {
			scope, args = append(scope, mine), append(args, f.UserID)
		}
		if len(scope) == 0 {
			scope = []string{"1 = 0"}
		}
		where.Add("("+strings.Join(scope, " OR ")+")", args...)
	}
	switch f.Status {
	case StatusPending, StatusAccepted, StatusRejected:
		// A literal, not a parameter: the partial index on pending invitations makes SQLite
		// re-prepare a statement whose status is a bound value on every call, which cost whoami
		// (it lists the pending invitations) three quarters of its time.
		where.Add("i.status = '" + f.Status + "'")
	case "":
	default:
		where.Add("i.status = ?", f.Status)
	}
	if f.Purpose != "" {
		where.Add("i.purpose = ?", f.Purpose)
	}
	if f.Email != "" {
		where.Add("i.email_lc LIKE ?", "%"+strings.ToLower(f.Email)+"%")
	}
	args := where.Args()
	order := "i.created_at DESC"
	if col, ok := sortColumns[strings.TrimPrefix(f.Sort, "-")]; ok {
		order = col
		if strings.HasPrefix(f.Sort, "-") {
			order += " DESC"
		}
	}
	if f.Limit <= 0 {
		f.Limit = 20
	}
	var page InvitationPage
	var err error
	page.Items, page.Total, err = database.WindowPage(ctx, s.DB, selectFrom+where.SQL()+" ORDER BY "+order+", i.id DESC",
		`SELECT COUNT(*) FROM invitations i JOIN entities e ON e.id = i.entity_id`+where.SQL(), args, f.Limit, f.Offset,
		func(r row) (Invitation, int) { return r.invitation(), r.Total })
	if err != nil {
		return InvitationPage{}, fmt.Errorf("list invitations: %w", err)
	}
	return page, nil
}

// PendingFor lists the pending invitations bound to a user, oldest first, in the shape whoami
// carries.
func PendingFor(ctx context.Context, db *database.DB, userID int64) ([]accounts.InvitationView, error) {
	page, err := (&Store{DB: db}).List(ctx, Filter{AllVisible: true, UserID: userID, Status: StatusPending,
		Sort: "createdAt", Limit: 100})
	if err != nil {
		return nil, err
	}
	views := make([]accounts.InvitationView, 0, len(page.Items))
	for _, i := range page.Items {
		views = append(views, i.View())
	}
	return views, nil
}

// PendingCountSQL counts the invitations PendingFor lists; its argument is the user's id. whoami
// reads it with its other counts in one statement (internal/app) and lists the invitations only
// when there are some.
const PendingCountSQL = `SELECT COUNT(*) FROM invitations WHERE user_id = ? AND status = 'pending'`

// PendingHook is PendingFor bound to db, in the shape accounts.Service.PendingInvitations takes;
// the address it is given is not used (see addressee).
func PendingHook(db *database.DB) func(ctx context.Context, userID int64, email string) ([]accounts.InvitationView, error) {
	return func(ctx context.Context, userID int64, _ string) ([]accounts.InvitationView, error) {
		return PendingFor(ctx, db, userID)
	}
}

// BindToUser binds the pending invitations made for emailLC before it had an account to userID,
// which has just proved it reads that address (activation of the account, or sign-up with one
// of the mailed tokens). It is accounts.Service.AddressProven. The version is
// not bumped: nothing a manager could have edited changes.
func BindToUser(ctx context.Context, tx *database.Tx, userID int64, emailLC string) error {
	if _, err := tx.Exec(ctx, `UPDATE invitations SET user_id = ?, updated_at = ?
		WHERE email_lc = ? AND status = 'pending' AND user_id IS NULL`, userID, tx.Now, emailLC); err != nil {
		return fmt.Errorf("bind invitations: %w", err)
	}
	return nil
}

// Create stores an invitation from invitedBy (0 for none) and, in the same transaction, its
// event (invitation_events) and, for an address without an account, the mail with its sign-up
// link. An account holder gets no mail from here: the notification worker tells them of the
// event, in the app and by mail per their preference. A pending invitation for the same
// address and entity is 409, unless its link has expired: then that invitation is sent again
// with a fresh link and the new details.
func (s *Store) Create(ctx context.Context, n NewInvitation, invitedBy int64, inviterName string) (Invitation, error) {
	emailLC, err := n.Validate()
	if err != nil {
		return Invitation{}, err
	}
	var id int64
	err = s.DB.InTx(ctx, func(tx *database.Tx) error {
		var entityName string
		if err := tx.Get(ctx, &entityName, `SELECT name FROM entities WHERE id = ?`, n.EntityID); err != nil {
			return database.NotFound(err, "Entity")
		}
		var userID sql.NullInt64
		if _, err := database.Found(tx.Get(ctx, &userID, `SELECT id FROM users WHERE email_lc = ?`, emailLC)); err != nil {
			return err
		}
		var by sql.NullInt64
		if invitedBy != 0 {
			by = sql.NullInt64{Int64: invitedBy, Valid: true}
		}
		token := auth.NewToken()
		var existing struct {
			ID        int64     `db:"id"`
			ExpiresAt time.Time `db:"expires_at"`
		}
		found, err := database.Found(tx.Get(ctx, &existing, `SELECT id, expires_at FROM invitations
			WHERE entity_id = ? AND email_lc = ? AND status = 'pending'`, n.EntityID, emailLC))
		switch {
		case found && existing.ExpiresAt.After(tx.Now):
			return apperror.Conflict(MsgPending)
		case found:
			id = existing.ID
			_, err = tx.Exec(ctx, `UPDATE invitations SET email = ?, purpose = ?, message = ?, user_id = ?,
				invited_by = ?, token_hash = ?, expires_at = ?, updated_at = ?, version = version + 1 WHERE id = ?`,
				n.Email, n.Purpose, n.Message, userID, by, auth.TokenHash(token), tx.Now.Add(TokenTTL), tx.Now, id)
		case err == nil: // no pending invitation yet
			err = tx.Get(ctx, &id, `INSERT INTO invitations (entity_id, email, email_lc, purpose, message, status,
				user_id, invited_by, token_hash, expires_at, created_at, updated_at, version)
				VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
				n.EntityID, n.Email, emailLC, n.Purpose, n.Message, userID, by, auth.TokenHash(token),
				tx.Now.Add(TokenTTL), tx.Now, tx.Now)
		}
		if errors.Is(err, database.ErrUniqueViolation) {
			return apperror.Conflict(MsgPending)
		}
		if err != nil {
			return fmt.Errorf("save invitation: %w", err)
		}
		ev := sentEvent{InvitationID: id, EntityID: n.EntityID, UserID: userID, ActorID: by,
			Payload: EventPayload{EntityName: entityName, InviterName: inviterName, Purpose: n.Purpose, Message: n.Message}}
		if err := emitSent(ctx, tx, ev); err != nil {
			return err
		}
		if userID.Valid {
			// An account holder is told by the notification worker ('Invitation to an entity'),
			// per their preference; a second mail from here would tell them twice.
			return nil
		}
		link := strings.TrimRight(s.BaseURL, "/") + signUpPath(n.Purpose) + "?invitation=" + token
		return mail.Enqueue(ctx, tx, inviteMail(n.Email, entityName, inviterName, n.Purpose, n.Message, link))
	})
	if err != nil {
		return Invitation{}, err
	}
	return s.Get(ctx, id)
}

// Answer sets the status of invitation id to accepted or rejected for the invited user, if it
// is still pending at version. Accepting links the user to the entity with the rights the
// purpose implies; an existing link is kept as it is.
func (s *Store) Answer(ctx context.Context, id int64, userID int64, status string, version int) (Invitation, error) {
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		r, err := findRow(ctx, tx, id)
		if err != nil {
			return err
		}
		if !r.addressee(userID) {
			return apperror.Forbidden()
		}
		if r.Status != StatusPending {
			return apperror.Conflict(MsgAnswered)
		}
		if r.Version != version {
			return apperror.Conflict(MsgStale)
		}
		return answer(ctx, tx, id, version, userID, status, r.EntityID, r.Purpose)
	})
	if err != nil {
		return Invitation{}, err
	}
	return s.Get(ctx, id)
}

// answer is the write of Answer and of sign-up: the UPDATE matches only a pending invitation
// at version, so two answers cannot both win.
func answer(ctx context.Context, tx *database.Tx, id int64, version int, userID int64, status string, entityID int64, purpose string) error {
	n, err := tx.Exec(ctx, `UPDATE invitations SET status = ?, user_id = ?, updated_at = ?, version = version + 1
		WHERE id = ? AND version = ? AND status = 'pending'`, status, userID, tx.Now, id, version)
	if err != nil {
		return fmt.Errorf("answer invitation: %w", err)
	}
	if n == 0 {
		return apperror.Conflict(MsgAnswered)
	}
	if status != StatusAccepted {
		return nil
	}
	rights := RightsOf(purpose)
	_, err = tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_external, can_manage, can_select,
		created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1)
		ON CONFLICT (user_id, entity_id) DO NOTHING`,
		userID, entityID, rights.CanExternal, rights.CanManage, rights.CanSelect, tx.Now, tx.Now)
	if err != nil {
		return fmt.Errorf("link invited user: %w", err)
	}
	return nil
}

// Claimer lets accounts sign-up consume invitations (accounts.InvitationClaimer).
type Claimer struct{}

var badToken = &apperror.Error{Kind: apperror.KindInvalid, Code: apperror.CodeBadToken,
	Message: "This invitation link is invalid, has been used, or has expired. Ask for a new invitation.",
	Fields: []apperror.FieldError{{Loc: []string{"body", "invitationToken"},
		Msg: "This invitation link is invalid, has been used, or has expired. Ask for a new invitation.", Type: "value_error"}}}

type tokenRow struct {
	ID         int64  `db:"id"`
	Email      string `db:"email"`
	EntityID   int64  `db:"entity_id"`
	EntityName string `db:"entity_name"`
	Purpose    string `db:"purpose"`
	Version    int    `db:"version"`
}

const byToken = `SELECT i.id, i.email, i.entity_id, e.name AS entity_name, i.purpose, i.version
	FROM invitations i JOIN entities e ON e.id = i.entity_id
	WHERE i.token_hash = ? AND i.status = 'pending' AND i.expires_at > ?`

// FindInvitation implements accounts.InvitationClaimer.
func (Claimer) FindInvitation(ctx context.Context, tx *database.Tx, token string) (accounts.SignUpInvitation, error) {
	var r tokenRow
	err := tx.Get(ctx, &r, byToken, auth.TokenHash(token), tx.Now)
	if err != nil {
		return accounts.SignUpInvitation{}, database.NoRowsAs(err, badToken)
	}
	return accounts.SignUpInvitation{ID: r.ID, Email: r.Email, EntityID: r.EntityID, Purpose: r.Purpose}, nil
}

// AcceptInvitation implements accounts.InvitationClaimer.
func (Claimer) AcceptInvitation(ctx context.Context, tx *database.Tx, inv accounts.SignUpInvitation, userID int64) error {
	var version int
	if err := tx.Get(ctx, &version, `SELECT version FROM invitations WHERE id = ? AND status = 'pending'`, inv.ID); err != nil {
		return database.NoRowsAs(err, badToken)
	}
	err := answer(ctx, tx, inv.ID, version, userID, StatusAccepted, inv.EntityID, inv.Purpose)
	if apperror.KindOf(err) == apperror.KindConflict {
		return badToken
	}
	if err != nil {
		return err
	}
	// The mailed token proved the address: its other invitations are this user's too.
	return BindToUser(ctx, tx, userID, strings.ToLower(inv.Email))
}

// InvitationTokenInfo is what the sign-up page shows about an invitation link.
type InvitationTokenInfo struct {
	Email      string `json:"email"`
	EntityName string `json:"entityName"`
	Purpose    string `json:"purpose" enum:"freelancer,staff,other"`
}

// ByToken describes the pending invitation of a live token; anything else is N-404.
func (s *Store) ByToken(ctx context.Context, token string) (InvitationTokenInfo, error) {
	var r tokenRow
	err := s.DB.Get(ctx, &r, byToken, auth.TokenHash(token), s.DB.Now())
	if err != nil {
		return InvitationTokenInfo{}, database.NotFound(err, "Invitation")
	}
	return InvitationTokenInfo{Email: r.Email, EntityName: r.EntityName, Purpose: r.Purpose}, nil
}
