package notes

import (
	"context"
	"strings"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes notes, bookmarks, follows and the onboarding transition.
type Store struct {
	DB *database.DB
	// CountCompleted comes from the bookings feature (people.Deps.CompletedInstructions); nil
	// counts zero. The preferred count is jobs' (Stats).
	CountCompleted func(ctx context.Context, userID int64, since, now time.Time) (int, error)
}

const noteSelect = `SELECT n.id, n.freelancer_id, n.user_id, n.entity_id, n.title, n.description, n.created_at,
	n.updated_at, n.version, COALESCE(TRIM(u.first_name || ' ' || u.last_name), '') AS user_name, e.name AS entity_name
	FROM internal_notes n JOIN entities e ON e.id = n.entity_id LEFT JOIN users u ON u.id = n.user_id`

// IsFreelancer reports whether user id exists and is a freelancer (false when missing).
func (s *Store) IsFreelancer(ctx context.Context, id int64) (bool, error) {
	var is bool
	_, err := database.Found(s.DB.Get(ctx, &is, `SELECT is_freelancer FROM users WHERE id = ?`, id))
	return is, err
}

// Notes lists the notes about freelancer written for the visible entities, newest first.
func (s *Store) Notes(ctx context.Context, freelancer int64, entities database.Visibility) ([]NoteView, error) {
	out := []NoteView{}
	where := database.Where{}
	where.Add(`n.freelancer_id = ?`, freelancer)
	if !where.Visible("n.entity_id", entities) {
		return out, nil
	}
	err := s.DB.Select(ctx, &out, noteSelect+where.SQL()+` ORDER BY n.created_at DESC, n.id DESC`, where.Args()...)
	return out, err
}

func findNote(ctx context.Context, q database.Reader, id int64) (NoteView, error) {
	var n NoteView
	err := q.Get(ctx, &n, noteSelect+` WHERE n.id = ?`, id)
	return n, database.NotFound(err, "Note")
}

// Note returns one note; N-404 when missing.
func (s *Store) Note(ctx context.Context, id int64) (NoteView, error) { return findNote(ctx, s.DB, id) }

// Create inserts a note by author about freelancer.
func (s *Store) Create(ctx context.Context, freelancer, author int64, in NoteInput) (NoteView, error) {
	var n NoteView
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var id int64
		if err := tx.Get(ctx, &id, `INSERT INTO internal_notes (freelancer_id, user_id, entity_id, title, description,
			created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
			freelancer, author, in.EntityID, in.Title, in.Description, tx.Now, tx.Now); err != nil {
			return err
		}
		var err error
		n, err = findNote(ctx, tx, id)
		return err
	})
	return n, err
}

// Update changes note id when version is current; a stale version is C-409.
func (s *Store) Update(ctx context.Context, id int64, version int, in NoteInput) (NoteView, error) {
	var n NoteView
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		rows, err := tx.Exec(ctx, `UPDATE internal_notes SET entity_id = ?, title = ?, description = ?, updated_at = ?,
			version = version + 1 WHERE id = ? AND version = ?`, in.EntityID, in.Title, in.Description, tx.Now, id, version)
		if err != nil {
			return err
		}
		if rows == 0 {
			return apperror.Conflict("This record was changed by someone else. Reload and try again.")
		}
		n, err = findNote(ctx, tx, id)
		return err
	})
	return n, err
}

// EntityOption is an entity in the note form's picker.
type EntityOption struct {
	ID   int64  `json:"id" db:"id"`
	Name string `json:"name" db:"name"`
}

// Entities lists the visible entities by name.
func (s *Store) Entities(ctx context.Context, visible database.Visibility) ([]EntityOption, error) {
	out := []EntityOption{}
	var where database.Where
	if !where.Visible("id", visible) {
		return out, nil
	}
	err := s.DB.Select(ctx, &out, `SELECT id, name FROM entities`+where.SQL()+` ORDER BY name_lc, id`, where.Args()...)
	return out, err
}

// setMark adds or removes the (user, target) row of a bookmark or follow table; idempotent.
func (s *Store) setMark(ctx context.Context, table string, user, target int64, on bool) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		if on {
			_, err = tx.Exec(ctx, `INSERT INTO `+table+` (user_id, target_user_id, created_at) VALUES (?, ?, ?)
				ON CONFLICT (user_id, target_user_id) DO NOTHING`, user, target, tx.Now)
		} else {
			_, err = tx.Exec(ctx, `DELETE FROM `+table+` WHERE user_id = ? AND target_user_id = ?`, user, target)
		}
		return err
	})
}

// SetBookmark records whether user bookmarks target.
func (s *Store) SetBookmark(ctx context.Context, user, target int64, on bool) error {
	return s.setMark(ctx, "user_bookmarks", user, target, on)
}

// SetFollow records whether user follows target.
func (s *Store) SetFollow(ctx context.Context, user, target int64, on bool) error {
	return s.setMark(ctx, "user_follows", user, target, on)
}

// Marks reports whether user bookmarks and follows target.
func (s *Store) Marks(ctx context.Context, user, target int64) (bookmarked, followed bool, err error) {
	err = s.DB.Get(ctx, &bookmarked, `SELECT EXISTS (SELECT 1 FROM user_bookmarks WHERE user_id = ? AND target_user_id = ?)`, user, target)
	if err == nil {
		err = s.DB.Get(ctx, &followed, `SELECT EXISTS (SELECT 1 FROM user_follows WHERE user_id = ? AND target_user_id = ?)`, user, target)
	}
	return
}

// Stats is the Freelancer Stats panel.
type Stats struct {
	TotalInstructions int `json:"totalInstructions" doc:"Completed jobs in the last 30 days"`
	DistinctJobs      int `json:"distinctJobs" doc:"Job templates that made the freelancer a preferred supplier in the last 30 days"`
}

// StatsWindow is the 'recent' of the Freelancer Stats panel ('A summary of your recent
// activity'): both of its counts look back 30 days from the clock.
const StatsWindow = 30 * 24 * time.Hour

// Stats counts freelancer's recent work: completed jobs in the last 30 days (from the bookings
// feature) and the job templates that made them a preferred supplier in the same 30 days (from
// jobs, which owns the preferred lists).
func (s *Store) Stats(ctx context.Context, freelancer int64) (Stats, error) {
	var out Stats
	now := s.DB.Now()
	since := now.Add(-StatsWindow)
	if s.CountCompleted != nil {
		completed, err := s.CountCompleted(ctx, freelancer, since, now)
		if err != nil {
			return out, err
		}
		out.TotalInstructions = completed
	}
	var err error
	out.DistinctJobs, err = jobs.PreferredSince(ctx, s.DB, freelancer, since, now)
	return out, err
}

// Onboarding reads user's onboarding state and first moves a freelancer as far as what their
// account holds allows, in one audited update: freelancer_started → freelancer_needs_entity
// once the personal details (phone and location) are filled in, → freelancer_needs_legal_entity
// once linked to an entity, → complete once they manage an entity linked to a legal entity.
// Deriving the steps here means the profile, entity and legal entity features need no hooks.
// Only a transition opens a write transaction, so the home page's reads stay cheap.
func (s *Store) Onboarding(ctx context.Context, user int64) (string, error) {
	var u struct {
		State        string `db:"onboarding_state"`
		IsFreelancer bool   `db:"is_freelancer"`
		Phone        string `db:"phone"`
		Location     string `db:"location_name"`
	}
	if err := s.DB.Get(ctx, &u, `SELECT onboarding_state, is_freelancer, phone, location_name FROM users WHERE id = ?`,
		user); err != nil {
		return "", database.NotFound(err, "User")
	}
	if !u.IsFreelancer {
		return u.State, nil
	}
	state := u.State
	for {
		next, err := s.nextStep(ctx, user, state, u.Phone, u.Location)
		if err != nil {
			return u.State, err
		}
		if next == state {
			break
		}
		state = next
	}
	if state == u.State {
		return state, nil
	}
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var version []int
		if err := tx.Select(ctx, &version, `UPDATE users SET onboarding_state = ?, updated_at = ?,
			version = version + 1 WHERE id = ? AND onboarding_state = ? RETURNING version`,
			state, tx.Now, user, u.State); err != nil {
			return err
		}
		if len(version) == 0 { // moved by a concurrent request: answer what it wrote
			return tx.Get(ctx, &state, `SELECT onboarding_state FROM users WHERE id = ?`, user)
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceUser, user,
			map[string]any{"id": user, "onboardingState": state, "version": version[0]})
	})
	return state, err
}

// nextStep is the onboarding state after state when the account already holds what state asks
// for (accounts.NextOnboardingStep), else state itself. Only what state asks for is read.
func (s *Store) nextStep(ctx context.Context, user int64, state, phone, location string) (string, error) {
	var query string
	need, next := accounts.NextOnboardingStep(state)
	switch need {
	case accounts.OnboardingNeedPersonalDetails:
		if strings.TrimSpace(phone) != "" && strings.TrimSpace(location) != "" {
			return next, nil
		}
		return state, nil
	case accounts.OnboardingNeedEntityLink:
		query = `SELECT EXISTS (SELECT 1 FROM user_entity_refs WHERE user_id = ?)`
	case accounts.OnboardingNeedManagedLegalEntity:
		query = `SELECT EXISTS (SELECT 1 FROM user_entity_refs r
			JOIN entity_legal_entity_refs l ON l.entity_id = r.entity_id
			WHERE r.user_id = ? AND r.can_manage = TRUE)`
	default:
		return state, nil
	}
	var ready bool
	if err := s.DB.Get(ctx, &ready, query, user); err != nil || !ready {
		return state, err
	}
	return next, nil
}
