package jobs

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// The reads other features make of the job tables (docs/architecture.md, "Tables"): jobs owns
// job_templates, placement_templates, job_template_preferred_users and rate_cards, and bookings
// reads them only through these functions (and RatesFor). Each takes the caller's *database.DB
// or *database.Tx, so a booking's write transaction reads the templates it books.

// BookingTemplate is what creating a booking reads of its job template: its department and the
// department's zone, in which the placements' local times are read.
type BookingTemplate struct {
	ID           int64  `db:"id"`
	DepartmentID int64  `db:"department_id"`
	Title        string `db:"title"`
	Timezone     string `db:"timezone"`
}

// TemplateToBook reads job template id for a new booking; 404 when it does not exist.
func TemplateToBook(ctx context.Context, q Getter, id int64) (BookingTemplate, error) {
	var jt BookingTemplate
	err := q.Get(ctx, &jt, `SELECT jt.id, jt.department_id, jt.title, d.timezone FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id WHERE jt.id = ?`, id)
	return jt, database.NotFound(err, "Job template")
}

// PlacementToBook is a placement template as a new booking copies it into its placements.
type PlacementToBook struct {
	ID            int64  `db:"id"`
	Title         string `db:"title"`
	StartTime     string `db:"start_time"`
	EndTime       string `db:"end_time"`
	UnpaidBreaks  int    `db:"unpaid_breaks"`
	SupplierNotes string `db:"supplier_notes"`
}

// PlacementsToBook reads the placement templates of a job template in their order.
func PlacementsToBook(ctx context.Context, q Selecter, jobTemplate int64) ([]PlacementToBook, error) {
	var pts []PlacementToBook
	err := q.Select(ctx, &pts, `SELECT id, title, start_time, end_time, unpaid_breaks, supplier_notes
			FROM placement_templates WHERE job_template_id = ? ORDER BY position, id`, jobTemplate)
	return pts, err
}

// TemplateTitles reads a placement template's title and its job template's (empty when
// jobTemplate is nil or gone), the titles available suppliers match skills against.
func TemplateTitles(ctx context.Context, q Getter, jobTemplate *int64, placementTemplate int64) (placement, job string, err error) {
	var t struct {
		Placement string `db:"placement_title"`
		Job       string `db:"job_title"`
	}
	err = q.Get(ctx, &t, `SELECT pt.title AS placement_title,
		COALESCE((SELECT jt.title FROM job_templates jt WHERE jt.id = ?), '') AS job_title
		FROM placement_templates pt WHERE pt.id = ?`, jobTemplate, placementTemplate)
	return t.Placement, t.Job, err
}

// PreferredUserIDs reads the preferred users of a job template.
func PreferredUserIDs(ctx context.Context, q Selecter, jobTemplate int64) ([]int64, error) {
	var ids []int64
	err := q.Select(ctx, &ids, `SELECT user_id FROM job_template_preferred_users WHERE job_template_id = ?`, jobTemplate)
	return ids, err
}

// PreferredSince counts the job templates that made user a preferred freelancer in (since, now]:
// the Freelancer Stats panel's 'Jobs as the Preferred Supplier' (people/notes). A freelancer stays
// on a template's list through its later edits with the date they were added (Store.Update).
func PreferredSince(ctx context.Context, q Getter, user int64, since, now time.Time) (int, error) {
	var n int
	err := q.Get(ctx, &n, `SELECT COUNT(*) FROM job_template_preferred_users
		WHERE user_id = ? AND created_at > ? AND created_at <= ?`, user, since, now)
	return n, err
}
