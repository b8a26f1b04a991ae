package calendarsync

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store holds the connections, their busy blocks and the events Hive wrote.
type Store struct{ DB *database.DB }

// CalendarConnection is a connection as its freelancer sees it: never the app password.
type CalendarConnection struct {
	ID              int64      `json:"id" db:"id"`
	UserID          int64      `json:"-" db:"user_id"`
	ServerURL       string     `json:"serverUrl" db:"server_url"`
	Username        string     `json:"username" db:"username"`
	ReadCalendar    string     `json:"readCalendar" db:"read_calendar"`
	WriteCalendar   string     `json:"writeCalendar" db:"write_calendar"`
	IntervalMinutes int        `json:"intervalMinutes" db:"interval_minutes"`
	LastGoodSyncAt  *time.Time `json:"lastGoodSyncAt" db:"last_good_sync_at" doc:"When a sync last succeeded; null before the first"`
	LastError       string     `json:"lastError" db:"last_error" doc:"Why the last sync failed; empty when it succeeded"`
	LastErrorAt     *time.Time `json:"lastErrorAt" db:"last_error_at"`
	NextSyncAt      time.Time  `json:"nextSyncAt" db:"next_sync_at"`
	BusyBlocks      int        `json:"busyBlocks" db:"busy_blocks" doc:"Busy times known from the read calendar"`
	WrittenEvents   int        `json:"writtenEvents" db:"written_events" doc:"Accepted work Hive keeps in the write calendar"`
	CreatedAt       time.Time  `json:"createdAt" db:"created_at"`
}

const connectionColumns = `c.id, c.user_id, c.server_url, c.username, c.read_calendar, c.write_calendar,
	c.interval_minutes, c.last_good_sync_at, c.last_error, c.last_error_at, c.next_sync_at, c.created_at,
	(SELECT COUNT(*) FROM calendar_busy_blocks b WHERE b.connection_id = c.id) AS busy_blocks,
	(SELECT COUNT(*) FROM calendar_written_events w WHERE w.connection_id = c.id) AS written_events`

// NewConnection is a connection to make: the password already sealed.
type NewConnection struct {
	UserID                            int64
	ServerURL, Username, SecretSealed string
	ReadCalendar, WriteCalendar       string
	IntervalMinutes                   int
}

// Create makes user's connection, due for its first sync at once; conflict when they have one.
func (s *Store) Create(ctx context.Context, n NewConnection) (CalendarConnection, error) {
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if found, err := database.Found(tx.Get(ctx, &id, `SELECT id FROM calendar_connections WHERE user_id = ?`, n.UserID)); err != nil || found {
			return cmpErr(err, apperror.Conflict(MsgAlreadyConnected))
		}
		return tx.Get(ctx, &id, `INSERT INTO calendar_connections (user_id, server_url, username, secret_sealed,
			read_calendar, write_calendar, interval_minutes, next_sync_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, n.UserID, n.ServerURL, n.Username, n.SecretSealed,
			n.ReadCalendar, n.WriteCalendar, n.IntervalMinutes, tx.Now, tx.Now, tx.Now)
	})
	if err != nil {
		return CalendarConnection{}, err
	}
	return s.Get(ctx, id)
}

func cmpErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// Get reads connection id; not found when there is none.
func (s *Store) Get(ctx context.Context, id int64) (CalendarConnection, error) {
	var c CalendarConnection
	err := s.DB.Get(ctx, &c, `SELECT `+connectionColumns+` FROM calendar_connections c WHERE c.id = ?`, id)
	return c, database.NotFound(err, "Calendar connection")
}

// OfUser reads user's connections (none or one).
func (s *Store) OfUser(ctx context.Context, user int64) ([]CalendarConnection, error) {
	out := []CalendarConnection{}
	err := s.DB.Select(ctx, &out, `SELECT `+connectionColumns+` FROM calendar_connections c WHERE c.user_id = ? ORDER BY c.id`, user)
	return out, err
}

// SetInterval changes how often connection id syncs, and when it next does.
func (s *Store) SetInterval(ctx context.Context, id int64, minutes int) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE calendar_connections SET interval_minutes = ?, updated_at = ?, version = version + 1,
			next_sync_at = CASE WHEN failures = 0 AND last_good_sync_at IS NOT NULL THEN ? ELSE next_sync_at END
			WHERE id = ?`, minutes, tx.Now, tx.Now.Add(time.Duration(minutes)*time.Minute), id)
		return err
	})
}

// Delete removes connection id with its busy blocks and the record of what it wrote, and answers
// the sealed secret it held (a Google grant is revoked after).
func (s *Store) Delete(ctx context.Context, id int64) (sealed string, err error) {
	return sealed, s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := database.NotFound(tx.Get(ctx, &sealed, `SELECT secret_sealed FROM calendar_connections WHERE id = ?`, id), "Calendar connection"); err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM calendar_written_events WHERE connection_id = ?`,
			`DELETE FROM calendar_busy_blocks WHERE connection_id = ?`, `DELETE FROM calendar_read_objects WHERE connection_id = ?`,
			`DELETE FROM calendar_connections WHERE id = ?`} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// MarkDue makes connection id due for a sync now (Sync now, and an accepted or ended offer).
func (s *Store) MarkDue(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE calendar_connections SET next_sync_at = ? WHERE id = ?`, tx.Now, id)
		return err
	})
}

// markUserDue is MarkDue of user's connection, in tx.
func markUserDue(ctx context.Context, tx *database.Tx, user int64) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE calendar_connections SET next_sync_at = ? WHERE user_id = ? AND next_sync_at > ?`,
		tx.Now, user, tx.Now)
	return n > 0, err
}
