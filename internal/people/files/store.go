package files

import (
	"context"
	"database/sql"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store is the SQL of profile images and documents.
type Store struct{ DB *database.DB }

// Document is one row of user_documents with the uploader's name.
type Document struct {
	ID          int64         `db:"id"`
	UserID      int64         `db:"user_id"`
	Name        string        `db:"name"`
	ContentType string        `db:"content_type"`
	Size        int64         `db:"size_bytes"`
	BlobKey     string        `db:"blob_key"`
	UploadedBy  sql.NullInt64 `db:"uploaded_by"`
	UploaderFN  string        `db:"uploader_first"`
	UploaderLN  string        `db:"uploader_last"`
	CreatedAt   time.Time     `db:"created_at"`
}

// UserExists reports whether the user exists.
func (s *Store) UserExists(ctx context.Context, id int64) error {
	var n int
	err := s.DB.Get(ctx, &n, `SELECT COUNT(*) FROM users WHERE id = ?`, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.NotFound("User")
	}
	return nil
}

// isFreelancer reports whether user id is a freelancer (false for no such user).
func (s *Store) isFreelancer(ctx context.Context, id int64) (bool, error) {
	var freelancer bool
	_, err := database.Found(s.DB.Get(ctx, &freelancer, `SELECT is_freelancer FROM users WHERE id = ?`, id))
	return freelancer, err
}

// ProfileImageKey returns the user's current profile image key ("" for none).
func (s *Store) ProfileImageKey(ctx context.Context, userID int64) (string, error) {
	var key sql.NullString
	err := s.DB.Get(ctx, &key, `SELECT profile_image_key FROM users WHERE id = ?`, userID)
	return key.String, database.NotFound(err, "User")
}

// SetProfileImage stores key as the user's profile image, audited, and returns the old key.
func (s *Store) SetProfileImage(ctx context.Context, userID int64, key string) (string, error) {
	var old string
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var prev sql.NullString
		if err := tx.Get(ctx, &prev, `SELECT profile_image_key FROM users WHERE id = ?`, userID); err != nil {
			return database.NotFound(err, "User")
		}
		old = prev.String
		var version int64
		if err := tx.Get(ctx, &version, `UPDATE users SET profile_image_key = ?, version = version + 1, updated_at = ?
			WHERE id = ? RETURNING version`, key, tx.Now, userID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceUser, userID,
			map[string]any{"id": userID, "profileImageKey": key, "version": version})
	})
	return old, err
}

const documentColumns = `d.id, d.user_id, d.name, d.content_type, d.size_bytes, d.blob_key, d.uploaded_by,
	COALESCE(u.first_name, '') AS uploader_first, COALESCE(u.last_name, '') AS uploader_last, d.created_at`

// Documents lists a user's documents, newest first.
func (s *Store) Documents(ctx context.Context, userID int64) ([]Document, error) {
	docs := []Document{}
	err := s.DB.Select(ctx, &docs, `SELECT `+documentColumns+` FROM user_documents d
		LEFT JOIN users u ON u.id = d.uploaded_by WHERE d.user_id = ? ORDER BY d.created_at DESC, d.id DESC`, userID)
	return docs, err
}

// Document returns one document of the user.
func (s *Store) Document(ctx context.Context, userID, docID int64) (Document, error) {
	var d Document
	err := s.DB.Get(ctx, &d, `SELECT `+documentColumns+` FROM user_documents d
		LEFT JOIN users u ON u.id = d.uploaded_by WHERE d.user_id = ? AND d.id = ?`, userID, docID)
	return d, database.NotFound(err, "Document")
}

// AddDocument inserts the row for a stored blob.
func (s *Store) AddDocument(ctx context.Context, d Document) (int64, error) {
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		return tx.Get(ctx, &id, `INSERT INTO user_documents (user_id, name, content_type, size_bytes, blob_key, uploaded_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, d.UserID, d.Name, d.ContentType, d.Size, d.BlobKey, d.UploadedBy, tx.Now)
	})
	return id, err
}

// DeleteDocument removes the row and returns its blob key.
func (s *Store) DeleteDocument(ctx context.Context, userID, docID int64) (string, error) {
	var key string
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		err := tx.Get(ctx, &key, `DELETE FROM user_documents WHERE user_id = ? AND id = ? RETURNING blob_key`, userID, docID)
		return database.NotFound(err, "Document")
	})
	return key, err
}
