package scheduler

import (
	"context"
	"encoding/json"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// bookmarkRow is a bookmark as stored; the filter set is JSON.
type bookmarkRow struct {
	ID          int64  `db:"id"`
	Description string `db:"description"`
	QueryJSON   string `db:"query_json"`
}

func (r bookmarkRow) view() (BookingBookmark, error) {
	var q BookingBookmarkQuery
	if err := json.Unmarshal([]byte(r.QueryJSON), &q); err != nil {
		return BookingBookmark{}, err
	}
	return BookingBookmark{ID: r.ID, Description: r.Description, Query: q.normalised()}, nil
}

// Bookmarks lists user's bookmarks by description.
func (s *Store) Bookmarks(ctx context.Context, user int64) ([]BookingBookmark, error) {
	var rows []bookmarkRow
	if err := s.DB.Select(ctx, &rows, `SELECT id, description, query_json FROM booking_bookmarks
		WHERE user_id = ? ORDER BY description, id`, user); err != nil {
		return nil, err
	}
	out := make([]BookingBookmark, 0, len(rows))
	for _, r := range rows {
		b, err := r.view()
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// Bookmark reads user's bookmark id; 404 when it is not theirs or does not exist.
func (s *Store) Bookmark(ctx context.Context, user, id int64) (BookingBookmark, error) {
	var r bookmarkRow
	err := s.DB.Get(ctx, &r, `SELECT id, description, query_json FROM booking_bookmarks WHERE id = ? AND user_id = ?`, id, user)
	if err = database.NotFound(err, "Bookmark"); err != nil {
		return BookingBookmark{}, err
	}
	return r.view()
}

// CreateBookmark saves a normalised bookmark for user and returns its id.
func (s *Store) CreateBookmark(ctx context.Context, user int64, in BookingBookmark) (int64, error) {
	query, err := json.Marshal(in.Query)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.DB.InTx(ctx, func(tx *database.Tx) error {
		return tx.Get(ctx, &id, `INSERT INTO booking_bookmarks (user_id, description, query_json, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, user, in.Description, string(query), tx.Now, tx.Now)
	})
	return id, err
}

// DeleteBookmark removes user's bookmark id; 404 when it is not theirs or does not exist.
func (s *Store) DeleteBookmark(ctx context.Context, user, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		n, err := tx.Exec(ctx, `DELETE FROM booking_bookmarks WHERE id = ? AND user_id = ?`, id, user)
		if err == nil && n == 0 {
			return apperror.NotFound("Bookmark")
		}
		return err
	})
}
