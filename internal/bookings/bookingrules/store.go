package bookingrules

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// EntityBookingRules is an entity's rules as the API shows them: Version 0 means the entity has none of its
// own (the defaults apply); a write names the version it read.
type EntityBookingRules struct {
	EntityID int64 `json:"entityId" db:"entity_id"`
	Rules
	Version int `json:"version" db:"version" doc:"0 while the entity has the defaults"`
}

// For is the rules of entity: its own, else Defaults. Every reader of the rules calls it (the
// working-time guard, the holds, the reminders), in their transaction or on the database.
func For(ctx context.Context, q database.Reader, entity int64) (Rules, error) {
	v, err := viewOf(ctx, q, entity)
	return v.Rules, err
}

func viewOf(ctx context.Context, q database.Reader, entity int64) (EntityBookingRules, error) {
	v := EntityBookingRules{EntityID: entity}
	err := q.Get(ctx, &v, `SELECT entity_id, daily_rest_minutes, max_days_in_row, weekly_rest_minutes, hold_challenge_minutes,
		answer_reminder_minutes, change_reminder_minutes, change_escalation_minutes, version FROM entity_booking_rules WHERE entity_id = ?`, entity)
	if errors.Is(err, sql.ErrNoRows) {
		return EntityBookingRules{EntityID: entity, Rules: Defaults}, nil
	}
	return v, err
}

// Store reads and writes the rules.
type Store struct{ DB *database.DB }

// Get is entity's rules (404 when there is no such entity).
func (s *Store) Get(ctx context.Context, entity int64) (EntityBookingRules, error) {
	if err := entityExists(ctx, s.DB, entity); err != nil {
		return EntityBookingRules{}, err
	}
	return viewOf(ctx, s.DB, entity)
}

// Save replaces entity's rules, audited on the entity, when version is the one stored (0: the
// entity had none); else 409.
func (s *Store) Save(ctx context.Context, entity int64, r Rules, version int, by int64) (EntityBookingRules, error) {
	r = r.withDefaults()
	if err := r.Validate(); err != nil {
		return EntityBookingRules{}, err
	}
	var out EntityBookingRules
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := entityExists(ctx, tx, entity); err != nil {
			return err
		}
		n, err := write(ctx, tx, entity, r, version, by)
		if err != nil {
			return err
		}
		if n == 0 {
			return apperror.Conflict(MsgStale)
		}
		out = EntityBookingRules{EntityID: entity, Rules: r, Version: version + 1}
		return audit.Record(ctx, tx, audit.Update, audit.SourceEntity, entity, map[string]any{"bookingRules": out})
	})
	return out, err
}

// write inserts the first row (version 0 read) or updates the one read; 0 rows when another
// write came first.
func write(ctx context.Context, tx *database.Tx, entity int64, r Rules, version int, by int64) (int64, error) {
	if version == 0 {
		return tx.Exec(ctx, `INSERT INTO entity_booking_rules (entity_id, daily_rest_minutes, max_days_in_row,
			weekly_rest_minutes, hold_challenge_minutes, answer_reminder_minutes, change_reminder_minutes,
			change_escalation_minutes, updated_by, updated_at, version)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (entity_id) DO NOTHING`, entity, r.DailyRestMinutes,
			r.MaxDaysInRow, r.WeeklyRestMinutes, r.HoldChallengeMinutes, r.AnswerReminderMinutes, r.ChangeReminderMinutes,
			r.ChangeEscalationMinutes, by, tx.Now)
	}
	return tx.Exec(ctx, `UPDATE entity_booking_rules SET daily_rest_minutes = ?, max_days_in_row = ?,
		weekly_rest_minutes = ?, hold_challenge_minutes = ?, answer_reminder_minutes = ?, change_reminder_minutes = ?,
		change_escalation_minutes = ?, updated_by = ?, updated_at = ?, version = version + 1
		WHERE entity_id = ? AND version = ?`, r.DailyRestMinutes, r.MaxDaysInRow, r.WeeklyRestMinutes,
		r.HoldChallengeMinutes, r.AnswerReminderMinutes, r.ChangeReminderMinutes, r.ChangeEscalationMinutes, by, tx.Now,
		entity, version)
}

func entityExists(ctx context.Context, q database.Reader, entity int64) error {
	var id int64
	return database.NotFound(q.Get(ctx, &id, `SELECT id FROM entities WHERE id = ?`, entity), "Entity")
}
