// Package documents is document signing: the documents each user must sign,
// a department manager's request that the freelancers of a booking sign one, the DocuSeal form
// builder's token and DocuSeal's completed-signing webhook. It owns the documents table.
//
// Files: documents.go the domain and its rules; docuseal.go the DocuSeal side (builder token,
// signing requests, webhook payload); store.go SQL; http.go the operations.
package documents

import (
	"net/url"
	"strings"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/input"
)

// SourceDocument names documents in the audit history: each request writes one INSERT per
// document and each completed signing one UPDATE.
const SourceDocument audit.Source = "document"

// Status is a document's state as the API shows it.
type Status string

// The statuses of the spec (part 2 §2, Document signing). Only pending and completed are stored;
// urgent is a pending document due within UrgentWithin (or overdue), worked out when read.
const (
	Completed Status = "completed"
	Pending   Status = "pending"
	Urgent    Status = "urgent"
)

// UrgentWithin is how close the due date of a pending document must be for it to be urgent:
// due today, tomorrow or the day after, or overdue.
const UrgentWithin = 2 * 24 * time.Hour

// StatusOn is the status of a document stored as stored (pending or completed) due on due
// (year-month-day), on the date today.
func StatusOn(stored Status, due string, today time.Time) Status {
	if stored == Completed {
		return Completed
	}
	d, err := time.Parse(time.DateOnly, due)
	if err != nil {
		return Pending
	}
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	if !d.After(day.Add(UrgentWithin)) {
		return Urgent
	}
	return Pending
}

// The messages of a refused request.
const (
	MsgTitle         = "Enter a title."
	MsgTitleLong     = "The title must be at most 200 characters."
	MsgDescLong      = "The description must be at most 2000 characters."
	MsgDueDate       = "Enter the due date as year-month-day."
	MsgDuePast       = "The due date cannot be in the past."
	MsgSource        = "Give either a document link or a DocuSeal template, not both."
	MsgURL           = "The document link must be an http or https address."
	MsgTemplateOff   = "DocuSeal is not configured: give a document link instead."
	MsgNoFreelancer  = "This booking has no instructed freelancers to ask."
	MsgNotConfigured = "Document signing with DocuSeal is not configured."
	MsgDocuSeal      = "DocuSeal did not accept the signing request. Please try again later."
	MsgWebhookAuth   = "The webhook secret is missing or wrong."
)

// Request is a department manager's request that the freelancers of a booking sign a document:
// either a link to the document (DocumentURL) or a DocuSeal template (TemplateID), from which
// each freelancer gets their own signing request.
type Request struct {
	BookingID   int64
	Title       string
	Description string
	DueDate     string
	DocumentURL string
	TemplateID  int64
}

// normalise trims the request's text and checks it against today's date (year-month-day in
// UTC); docuSeal says whether a template may be named.
func (r *Request) normalise(today time.Time, docuSeal bool) error {
	r.Title, r.Description, r.DueDate, r.DocumentURL = input.Text(r.Title), input.Text(r.Description),
		input.Text(r.DueDate), input.Text(r.DocumentURL)
	var v apperror.Invalid
	switch {
	case r.Title == "":
		v.Add("title", MsgTitle)
	case len([]rune(r.Title)) > 200:
		v.Add("title", MsgTitleLong)
	}
	if len([]rune(r.Description)) > 2000 {
		v.Add("description", MsgDescLong)
	}
	if due, err := time.Parse(time.DateOnly, r.DueDate); err != nil {
		v.Add("dueDate", MsgDueDate)
	} else if due.Before(time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)) {
		v.Add("dueDate", MsgDuePast)
	}
	switch {
	case (r.DocumentURL == "") == (r.TemplateID == 0):
		v.Add("documentUrl", MsgSource)
	case r.TemplateID != 0 && !docuSeal:
		v.Add("templateId", MsgTemplateOff)
	case r.DocumentURL != "" && !webURL(r.DocumentURL):
		v.Add("documentUrl", MsgURL)
	}
	return v.Err()
}

// webURL reports whether s is an absolute http or https address (what a Sign link may open).
func webURL(s string) bool {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || len(s) > 2000 {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return scheme == "http" || scheme == "https"
}

// NewDocument is one row a request writes: the document for one freelancer.
type NewDocument struct {
	UserID               int64
	Title, Description   string
	DueDate, DocumentURL string
	RequestedBy          int64
	BookingID            int64
	DepartmentID         int64
	SubmissionID         int64 // DocuSeal's submission, 0 without one
	SubmitterID          int64 // DocuSeal's submitter (the freelancer's signing), 0 without one
}

// SigningDocument is one document to sign as the API shows it, and as the store reads it (with
// the stored status, which asOf turns into the one shown).
type SigningDocument struct {
	ID                   int64      `json:"id" db:"id"`
	UserID               int64      `json:"userId" db:"user_id"`
	UserName             string     `json:"userName" db:"user_name" doc:"whose document it is"`
	Title                string     `json:"title" db:"title"`
	Description          string     `json:"description" db:"description"`
	Status               Status     `json:"status" db:"status" enum:"completed,pending,urgent" doc:"urgent: pending and due within two days, or overdue"`
	DueDate              string     `json:"dueDate" db:"due_date" doc:"year-month-day"`
	DocumentURL          string     `json:"documentUrl" db:"document_url" doc:"where the document is signed: the link given, or the freelancer's DocuSeal signing form"`
	RequestedBy          *int64     `json:"requestedBy" db:"requested_by"`
	RequesterName        string     `json:"requesterName" db:"requester_name"`
	BookingID            *int64     `json:"bookingId" db:"booking_id"`
	DocuSealSubmissionID *int64     `json:"docusealSubmissionId" db:"docuseal_submission_id"`
	CompletedAt          *time.Time `json:"completedAt" db:"completed_at"`
	CreatedAt            time.Time  `json:"createdAt" db:"created_at"`
}

// asOf turns the stored status into the one shown on the date today (StatusOn).
func (d *SigningDocument) asOf(today time.Time) {
	d.Status = StatusOn(d.Status, d.DueDate, today)
}

// SigningList is a list of documents.
type SigningList struct {
	Items []SigningDocument `json:"items"`
}

// SigningRequestResult reports a request: the documents made, one per freelancer.
type SigningRequestResult struct {
	Items []SigningDocument `json:"items"`
}
