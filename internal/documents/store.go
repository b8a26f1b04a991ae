package documents

import (
	"context"
	"strconv"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes the documents table.
type Store struct {
	DB *database.DB
}

// columns are SigningDocument's columns of documents d, with the owner's and the requester's names.
const columns = `d.id, d.user_id, TRIM(u.first_name || ' ' || u.last_name) AS user_name, d.title, d.description,
	d.status, d.due_date, d.document_url, d.requested_by,
	COALESCE((SELECT TRIM(r.first_name || ' ' || r.last_name) FROM users r WHERE r.id = d.requested_by), '')
	AS requester_name, d.booking_id, d.docuseal_submission_id, d.completed_at, d.created_at
	FROM documents d JOIN users u ON u.id = d.user_id`

// ofUser is a user's documents: pending first, by due date, then completed ones, newest due first.
const ofUser = `SELECT ` + columns + ` WHERE d.user_id = ?
	ORDER BY CASE WHEN d.status = 'pending' THEN 0 ELSE 1 END,
	CASE WHEN d.status = 'pending' THEN d.due_date END, d.due_date DESC, d.id`

// OfUser is user's documents as they stand on the database's today.
func (s *Store) OfUser(ctx context.Context, user int64) (SigningList, error) {
	return s.list(ctx, ofUser, user)
}

// requestedBy is the documents requester asked for, newest first (all documents when 0).
const requestedBy = `SELECT ` + columns + ` WHERE (? = 0 OR d.requested_by = ?) AND d.requested_by IS NOT NULL
	ORDER BY d.created_at DESC, d.id DESC LIMIT 500`

// RequestedBy is the documents requester asked others to sign, newest first; every requested
// document when requester is 0 (administrators). At most 500.
func (s *Store) RequestedBy(ctx context.Context, requester int64) (SigningList, error) {
	return s.list(ctx, requestedBy, requester, requester)
}

func (s *Store) list(ctx context.Context, query string, args ...any) (SigningList, error) {
	docs, err := s.read(ctx, query, args...)
	return SigningList{Items: docs}, err
}

// read runs query, a SELECT of columns, and returns its documents as they stand on the
// database's today; an empty list, not nil, when there are none.
func (s *Store) read(ctx context.Context, query string, args ...any) ([]SigningDocument, error) {
	docs := []SigningDocument{}
	if err := s.DB.Select(ctx, &docs, query, args...); err != nil {
		return nil, err
	}
	today := s.DB.Now()
	for i := range docs {
		docs[i].asOf(today)
	}
	return docs, nil
}

// Create writes docs in one transaction, each with its audit record, and returns them.
func (s *Store) Create(ctx context.Context, docs []NewDocument) ([]SigningDocument, error) {
	ids := make([]int64, 0, len(docs))
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		for _, d := range docs {
			var id int64
			if err := tx.Get(ctx, &id, `INSERT INTO documents (user_id, title, description, status, due_date, document_url,
				requested_by, booking_id, department_id, docuseal_submission_id, docuseal_submitter_id, created_at, updated_at)
				VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, d.UserID, d.Title, d.Description,
				d.DueDate, d.DocumentURL, nullable(d.RequestedBy), nullable(d.BookingID), nullable(d.DepartmentID),
				nullable(d.SubmissionID), nullable(d.SubmitterID), tx.Now, tx.Now); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Insert, SourceDocument, id, map[string]any{"userId": d.UserID,
				"title": d.Title, "description": d.Description, "status": Pending, "dueDate": d.DueDate,
				"documentUrl": d.DocumentURL, "bookingId": d.BookingID, "departmentId": d.DepartmentID,
				"docusealSubmissionId": d.SubmissionID}); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return []SigningDocument{}, nil
	}
	marks, args := database.In(ids)
	return s.read(ctx, `SELECT `+columns+` WHERE d.id IN (`+marks+`) ORDER BY d.id`, args...)
}

// CompleteSigning marks the document of DocuSeal submitter completed, once: a document already
// completed, or no document of that submitter, changes nothing and reports false. The change
// and its audit record share one transaction.
func (s *Store) CompleteSigning(ctx context.Context, submitter int64) (bool, error) {
	changed := false
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var id int64
		err := tx.Get(ctx, &id, `UPDATE documents SET status = 'completed', completed_at = ?, updated_at = ?
			WHERE docuseal_submitter_id = ? AND status <> 'completed' RETURNING id`, tx.Now, tx.Now, submitter)
		if found, err := database.Found(err); !found {
			return err
		}
		changed = true
		return audit.Record(ctx, tx, audit.Update, SourceDocument, id, map[string]any{"status": Completed,
			"completedAt": tx.Now, "docusealSubmitterId": strconv.FormatInt(submitter, 10)})
	})
	return changed, err
}

// nullable is id, or NULL for 0.
func nullable(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}
