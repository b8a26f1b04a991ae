package create

import (
	"context"
	"errors"
	"slices"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// Store writes new bookings.
type Store struct{ DB *database.DB }

// JobTemplate reads a job template with its department's zone; 404 when it does not exist.
func (s *Store) JobTemplate(ctx context.Context, id int64) (jobTemplate, error) {
	return jobs.TemplateToBook(ctx, s.DB, id)
}

// Create writes a booking and one placement per date per chosen placement template, audited,
// with its event, in one transaction. Dates are validated by the caller.
func (s *Store) Create(ctx context.Context, jt jobTemplate, in NewBooking, createdBy int64) (int64, error) {
	return s.CreateOnce(ctx, jt, in, createdBy, "")
}

// CreateOnce is Create with an idempotency key (the creator's own, see migration 00034; none
// when empty): a request made before returns the booking it made, and a key used for another
// request is refused, so a resend after a lost answer makes no second booking. Two requests with
// one key at once: the second's insert waits for the first and fails on the unique index, and
// its one retry finds the first's booking.
func (s *Store) CreateOnce(ctx context.Context, jt jobTemplate, in NewBooking, createdBy int64, key string) (int64, error) {
	id, err := s.create(ctx, jt, in, createdBy, key)
	if key != "" && errors.Is(err, database.ErrUniqueViolation) {
		id, err = s.create(ctx, jt, in, createdBy, key)
	}
	return id, err
}

func (s *Store) create(ctx context.Context, jt jobTemplate, in NewBooking, createdBy int64, key string) (int64, error) {
	var id int64
	var request *string
	if key != "" {
		h := in.requestHash()
		request = &h
	}
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if key != "" {
			made, err := madeBefore(ctx, tx, createdBy, key, *request)
			if made != 0 || err != nil {
				id = made
				return err
			}
		}
		pts, err := jobs.PlacementsToBook(ctx, tx, jt.ID)
		if err != nil {
			return err
		}
		if len(in.PlacementTemplateIDs) > 0 {
			pts = slices.DeleteFunc(pts, func(p jobs.PlacementToBook) bool { return !slices.Contains(in.PlacementTemplateIDs, p.ID) })
		}
		if len(pts) == 0 {
			return apperror.Field("placementTemplateIds", "The job template has no placement templates to book")
		}
		if err := tx.Get(ctx, &id, `INSERT INTO bookings (job_template_id, department_id, title, reference, ir35, type,
			direct, substitution_allowed, period_type, created_by, created_at, updated_at, idempotency_key, idempotency_request)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			jt.ID, jt.DepartmentID, in.Title, in.Reference, in.IR35, in.Type, in.Direct, in.SubstitutionAllowed,
			in.PeriodType, createdBy, tx.Now, tx.Now, keyOrNull(key), request); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, audit.Insert, audit.SourceBooking, id, in); err != nil {
			return err
		}
		if err := index.Refresh(ctx, tx, index.Booking, id); err != nil {
			return err
		}
		for _, date := range in.Dates {
			for _, pt := range pts {
				if err := insertPlacement(ctx, tx, id, jt.Timezone, date, pt); err != nil {
					return err
				}
			}
		}
		return bookings.Emit(ctx, tx, events.Event{Kind: events.BookingCreated, BookingID: id,
			Payload: map[string]any{"dates": in.Dates}})
	})
	return id, err
}

// madeBefore is the booking createdBy made with key (0 when none), refused when that request
// differs from this one.
func madeBefore(ctx context.Context, tx *database.Tx, createdBy int64, key, request string) (int64, error) {
	var prior struct {
		ID      int64  `db:"id"`
		Request string `db:"idempotency_request"`
	}
	found, err := database.Found(tx.Get(ctx, &prior, `SELECT id, idempotency_request FROM bookings
		WHERE created_by = ? AND idempotency_key = ?`, createdBy, key))
	switch {
	case !found:
		return 0, err
	case prior.Request != request:
		return 0, apperror.Field("Idempotency-Key", MsgIdempotencyKeyReused)
	}
	return prior.ID, nil
}

func keyOrNull(key string) *string {
	if key == "" {
		return nil
	}
	return &key
}

func insertPlacement(ctx context.Context, tx *database.Tx, bookingID int64, zone, date string, pt jobs.PlacementToBook) error {
	p, err := bookings.PlacementPeriod(date, pt.StartTime, pt.EndTime, zone)
	if err != nil {
		return apperror.Field("dates", err.Error())
	}
	var id int64
	if err := tx.Get(ctx, &id, `INSERT INTO placements (booking_id, placement_template_id, title, local_date, start_time,
		end_time, start_at, end_at, timezone, overnight, unpaid_breaks, supplier_notes, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		bookingID, pt.ID, pt.Title, date, pt.StartTime, pt.EndTime, p.Start, p.End, zone, p.Overnight,
		pt.UnpaidBreaks, pt.SupplierNotes, tx.Now, tx.Now); err != nil {
		return err
	}
	return audit.Record(ctx, tx, audit.Insert, audit.SourcePlacement, id, map[string]any{"bookingId": bookingID,
		"title": pt.Title, "date": date, "startTime": pt.StartTime, "endTime": pt.EndTime, "timezone": zone})
}
