package calendarsync

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// claim leases the connection due first for d under owner and answers its id; 0 when none is
// due or every due one is leased. The UPDATE re-checks the lease on the row it writes, so of two
// nodes that pick the same connection one updates it and the other updates nothing.
// With only set, it leases that connection alone (Sync now).
func (s *Store) claim(ctx context.Context, owner string, d time.Duration, only int64) (int64, error) {
	now := s.DB.Now().UTC()
	var due int
	if err := s.DB.Get(ctx, &due, `SELECT COUNT(*) FROM (SELECT 1 FROM calendar_connections
		WHERE next_sync_at <= ? AND (lease_until IS NULL OR lease_until < ?) AND (? = 0 OR id = ?) LIMIT 1) d`,
		now, now, only, only); err != nil || due == 0 {
		return 0, err
	}
	var ids []int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		ids = nil
		return tx.Select(ctx, &ids, `UPDATE calendar_connections SET lease_until = ?, lease_owner = ?
			WHERE id = (SELECT id FROM calendar_connections WHERE next_sync_at <= ? AND (lease_until IS NULL OR lease_until < ?)
				AND (? = 0 OR id = ?) ORDER BY next_sync_at, id LIMIT 1)
			AND next_sync_at <= ? AND (lease_until IS NULL OR lease_until < ?) RETURNING id`,
			tx.Now.Add(d), owner, tx.Now, tx.Now, only, only, tx.Now, tx.Now)
	})
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}

// leased reports whether a worker holds connection id's lease now.
func (s *Store) leased(ctx context.Context, id int64) (bool, error) {
	var n int
	err := s.DB.Get(ctx, &n, `SELECT COUNT(*) FROM calendar_connections WHERE id = ? AND lease_until >= ?`, id, s.DB.Now().UTC())
	return n > 0, err
}

// syncRow is what a sync reads of its connection.
type syncRow struct {
	ID            int64      `db:"id"`
	UserID        int64      `db:"user_id"`
	ServerURL     string     `db:"server_url"`
	Username      string     `db:"username"`
	SecretSealed  string     `db:"secret_sealed"`
	ReadCalendar  string     `db:"read_calendar"`
	WriteCalendar string     `db:"write_calendar"`
	Interval      int        `db:"interval_minutes"`
	Failures      int        `db:"failures"`
	ExpandedFrom  *time.Time `db:"expanded_from"`
	ExpandedUntil *time.Time `db:"expanded_until"`
	Timezone      string     `db:"timezone"`
	etags         map[string]string
	written       []written
}

// written is an event Hive created in the write calendar.
type written struct {
	ID            int64     `db:"id"`
	InstructionID int64     `db:"instruction_id"`
	UID           string    `db:"uid"`
	Href          string    `db:"href"`
	Summary       string    `db:"summary"`
	StartAt       time.Time `db:"start_at"`
	EndAt         time.Time `db:"end_at"`
	Sequence      int       `db:"sequence"`
}

// load reads connection id as a sync needs it, with the freelancer's zone.
func (s *Store) load(ctx context.Context, id int64) (syncRow, error) {
	var r syncRow
	err := s.DB.Get(ctx, &r, `SELECT c.id, c.user_id, c.server_url, c.username, c.secret_sealed, c.read_calendar,
		c.write_calendar, c.interval_minutes, c.failures, c.expanded_from, c.expanded_until, u.timezone
		FROM calendar_connections c JOIN users u ON u.id = c.user_id WHERE c.id = ?`, id)
	if err != nil {
		return r, database.NotFound(err, "Calendar connection")
	}
	var objs []struct {
		Href string `db:"href"`
		ETag string `db:"etag"`
	}
	if err := s.DB.Select(ctx, &objs, `SELECT href, etag FROM calendar_read_objects WHERE connection_id = ?`, id); err != nil {
		return r, err
	}
	r.etags = make(map[string]string, len(objs))
	for _, o := range objs {
		r.etags[o.Href] = o.ETag
	}
	err = s.DB.Select(ctx, &r.written, `SELECT id, instruction_id, uid, href, summary, start_at, end_at, sequence
		FROM calendar_written_events WHERE connection_id = ?`, id)
	return r, err
}

// busyChange is what one sync learnt of the read calendar: the objects changed (with their new
// ETags and blocks) and those gone; all replaces every object's blocks.
type busyChange struct {
	all      bool
	changed  map[string]string // href → ETag
	blocks   map[string][]Block
	removed  []string
	from, to time.Time
}

// saveBusy writes what a sync learnt, in one transaction: a failed sync writes nothing, so the
// blocks known before stay.
func (s *Store) saveBusy(ctx context.Context, r syncRow, ch busyChange) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		if ch.all {
			for _, q := range []string{`DELETE FROM calendar_busy_blocks WHERE connection_id = ?`,
				`DELETE FROM calendar_read_objects WHERE connection_id = ?`} {
				if _, err := tx.Exec(ctx, q, r.ID); err != nil {
					return err
				}
			}
		}
		gone := append(append([]string{}, ch.removed...), keys(ch.changed)...)
		if !ch.all {
			for _, href := range gone {
				if _, err := tx.Exec(ctx, `DELETE FROM calendar_busy_blocks WHERE connection_id = ? AND href = ?`, r.ID, href); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `DELETE FROM calendar_read_objects WHERE connection_id = ? AND href = ?`, r.ID, href); err != nil {
					return err
				}
			}
		}
		hrefs := keys(ch.changed)
		if err := database.InsertMany(ctx, tx, "calendar_read_objects", "connection_id, href, etag", len(hrefs),
			func(i int) []any { return []any{r.ID, hrefs[i], ch.changed[hrefs[i]]} }); err != nil {
			return err
		}
		type row struct {
			href string
			b    Block
		}
		var rows []row
		for href, bs := range ch.blocks {
			for _, b := range bs {
				rows = append(rows, row{href, b})
			}
		}
		if err := database.InsertMany(ctx, tx, "calendar_busy_blocks", "connection_id, user_id, href, start_at, end_at", len(rows),
			func(i int) []any { return []any{r.ID, r.UserID, rows[i].href, rows[i].b.Start, rows[i].b.End} }); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE calendar_connections SET expanded_from = ?, expanded_until = ? WHERE id = ?`, ch.from, ch.to, r.ID)
		return err
	})
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// saveWritten records an event Hive wrote (new, or a new SEQUENCE of one it wrote before).
func (s *Store) saveWritten(ctx context.Context, connection int64, w written) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		if w.ID == 0 {
			_, err := tx.Exec(ctx, `INSERT INTO calendar_written_events (connection_id, instruction_id, uid, href, summary,
				start_at, end_at, sequence, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				connection, w.InstructionID, w.UID, w.Href, w.Summary, w.StartAt, w.EndAt, w.Sequence, tx.Now, tx.Now)
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE calendar_written_events SET summary = ?, start_at = ?, end_at = ?, sequence = ?,
			updated_at = ? WHERE id = ?`, w.Summary, w.StartAt, w.EndAt, w.Sequence, tx.Now, w.ID)
		return err
	})
}

// forgetWritten drops the record of an event Hive removed.
func (s *Store) forgetWritten(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM calendar_written_events WHERE id = ?`, id)
		return err
	})
}

// finish records a sync's outcome if owner still holds the lease: success clears the failure
// and sets the next sync an interval on; a failure keeps the last good sync, counts, and backs
// off.
func (s *Store) finish(ctx context.Context, r syncRow, owner string, syncErr error) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		interval := time.Duration(r.Interval) * time.Minute
		if syncErr == nil {
			_, err := tx.Exec(ctx, `UPDATE calendar_connections SET last_good_sync_at = ?, last_error = '', last_error_at = NULL,
				failures = 0, next_sync_at = ?, lease_until = NULL, lease_owner = '', sync_count = sync_count + 1
				WHERE id = ? AND lease_owner = ?`, tx.Now, tx.Now.Add(interval), r.ID, owner)
			return err
		}
		msg := syncErr.Error()
		if len(msg) > 500 {
			msg = msg[:500]
		}
		_, err := tx.Exec(ctx, `UPDATE calendar_connections SET last_error = ?, last_error_at = ?, failures = failures + 1,
			next_sync_at = ?, lease_until = NULL, lease_owner = '', sync_count = sync_count + 1 WHERE id = ? AND lease_owner = ?`,
			msg, tx.Now, tx.Now.Add(backoff(r.Failures+1, interval)), r.ID, owner)
		return err
	})
}

// work is an accepted instruction the write calendar should hold.
type work struct {
	InstructionID int64
	Summary       string
	Description   string
	Start, End    time.Time
}

// accepted reads user's accepted, live work that meets [from, to), through bookings' read
// interface (the feed's read, which also names closed work: closed since `to` keeps it out).
func (s *Store) accepted(ctx context.Context, user int64, from, to time.Time) ([]work, error) {
	evs, err := reads.FeedEvents(ctx, s.DB, user, from.Add(-24*time.Hour), to)
	if err != nil {
		return nil, err
	}
	var out []work
	for _, e := range evs {
		if !e.Live || status.Status(e.Supplier) != status.Accepted || !e.EndAt.After(from) || !e.StartAt.Before(to) {
			continue
		}
		out = append(out, work{InstructionID: e.ID, Summary: e.BookingTitle + ": " + e.PlacementTitle,
			Description: e.ClientName + ", " + e.DepartmentName, Start: e.StartAt.UTC(), End: e.EndAt.UTC()})
	}
	return out, nil
}
