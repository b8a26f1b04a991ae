package reports

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// Entities streams every entity (those of f's clients when given) by name.
func (s *Store) Entities(ctx context.Context, f Filter, fn func(*EntityRow) error) error {
	var w database.Where
	w.In("e.id", f.ClientIDs)
	return each(ctx, s.DB, `SELECT e.id, e.name, e.type, e.country, e.timezone, e.email, e.cancel_window_days,
		(SELECT COUNT(*) FROM departments d WHERE d.client_id = e.id) AS departments, e.created_at
		FROM entities e`+w.SQL()+` ORDER BY e.name_lc, e.id`, w.Args(), fn)
}

// Users streams every account (f's users when given) by last and first name.
func (s *Store) Users(ctx context.Context, f Filter, fn func(*UserRow) error) error {
	var w database.Where
	w.In("u.id", f.UserIDs)
	return each(ctx, s.DB, `SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.is_freelancer, u.can_admin,
		u.account_status, u.country, u.timezone, u.created_at
		FROM users u`+w.SQL()+` ORDER BY LOWER(u.last_name), LOWER(u.first_name), u.id`, w.Args(), fn)
}

// JobTemplates streams the job templates of f's clients, departments and jobs, by client,
// department and title.
func (s *Store) JobTemplates(ctx context.Context, f Filter, fn func(*JobTemplateRow) error) error {
	var w database.Where
	w.In("d.client_id", f.ClientIDs)
	w.In("jt.department_id", f.DepartmentIDs)
	w.In("jt.id", f.JobIDs)
	w.Within("jt.department_id", f.Scope)
	return each(ctx, s.DB, `SELECT jt.id, jt.title, jt.type, e.name AS client, d.name AS department,
		(SELECT COUNT(*) FROM placement_templates pt WHERE pt.job_template_id = jt.id) AS placement_templates,
		(SELECT COUNT(*) FROM job_template_preferred_users pu WHERE pu.job_template_id = jt.id) AS preferred_users,
		jt.created_at
		FROM job_templates jt JOIN departments d ON d.id = jt.department_id JOIN entities e ON e.id = d.client_id`+
		w.SQL()+` ORDER BY e.name_lc, d.name_lc, jt.title_lc, jt.id`, w.Args(), fn)
}
