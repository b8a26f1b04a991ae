package profile

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes profiles.
type Store struct {
	DB *database.DB
}

const rowColumns = accounts.UserColumns + `, gender, gender_other, location_name, latitude, longitude, cv,
	showreel, linkedin, imdb, personal_website, business_type, day_rate_minor, day_rate_currency, day_rate_period,
	preferred_supplier_id, default_permissions, profile_image_key`

// Row reads one user with the profile columns; not found is a 404.
func findRow(ctx context.Context, q database.Reader, id int64) (Row, error) {
	var r Row
	err := q.Get(ctx, &r, `SELECT `+rowColumns+` FROM users WHERE id = ?`, id)
	return r, database.NotFound(err, "User")
}

// Row reads one user with the profile columns.
func (s *Store) Row(ctx context.Context, id int64) (Row, error) { return findRow(ctx, s.DB, id) }

// LinkIDs returns the entities and departments the user is linked to.
func (s *Store) LinkIDs(ctx context.Context, userID int64) (entities, departments []int64, err error) {
	return access.UserLinkIDs(ctx, s.DB, userID)
}

// Extras fills the lists and the viewer's marks of v.
func (s *Store) Extras(ctx context.Context, v *ProfileView, viewerID int64) error {
	v.Skills, v.JobTitles, v.Entities, v.Departments = []ProfileSkill{}, []ProfileJobTitle{}, []ProfileLink{}, []ProfileLink{}
	var tags []struct {
		ID       int64  `db:"id"`
		Name     string `db:"name"`
		Category string `db:"category"`
	}
	if err := s.DB.Select(ctx, &tags, `SELECT t.id, t.name, t.category FROM user_tags ut JOIN tags t ON t.id = ut.tag_id
		WHERE ut.user_id = ? ORDER BY t.name_lc, t.id`, v.ID); err != nil {
		return err
	}
	for _, t := range tags {
		switch t.Category {
		case "skills":
			v.Skills = append(v.Skills, ProfileSkill{SkillID: t.ID, SkillName: t.Name})
		case "job_title":
			v.JobTitles = append(v.JobTitles, ProfileJobTitle{JobTitleID: t.ID, JobTitleName: t.Name})
		}
	}
	if err := s.DB.Select(ctx, &v.Entities, `SELECT e.id, e.name, r.can_manage = TRUE AS can_manage
		FROM user_entity_refs r JOIN entities e ON e.id = r.entity_id WHERE r.user_id = ? ORDER BY e.name, e.id`, v.ID); err != nil {
		return err
	}
	if err := s.DB.Select(ctx, &v.Departments, `SELECT d.id, d.name, r.can_manage = TRUE AS can_manage
		FROM user_department_refs r JOIN departments d ON d.id = r.department_id WHERE r.user_id = ? ORDER BY d.name, d.id`, v.ID); err != nil {
		return err
	}
	var n int
	if err := s.DB.Get(ctx, &n, `SELECT COUNT(*) FROM user_bookmarks WHERE user_id = ? AND target_user_id = ?`, viewerID, v.ID); err != nil {
		return err
	}
	v.IsBookmarked = n > 0
	if err := s.DB.Get(ctx, &n, `SELECT COUNT(*) FROM user_follows WHERE user_id = ? AND target_user_id = ?`, viewerID, v.ID); err != nil {
		return err
	}
	v.IsFollowed = n > 0
	return nil
}

// checkTags verifies that ids are tags of category; a wrong one is a 422 on field.
func checkTags(ctx context.Context, tx *database.Tx, field, category string, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	var n int
	args := []any{category}
	for _, id := range ids {
		args = append(args, id)
	}
	if err := tx.Get(ctx, &n, `SELECT COUNT(DISTINCT id) FROM tags WHERE category = ? AND id IN (`+
		database.Marks(len(ids))+`)`, args...); err != nil {
		return err
	}
	if n != len(distinct(ids)) {
		return apperror.Field(field, MsgUnknownTag)
	}
	return nil
}

func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// setTags adds and removes user_tags of one category.
func setTags(ctx context.Context, tx *database.Tx, userID int64, category string, add, remove []int64) error {
	for _, id := range distinct(remove) {
		if _, err := tx.Exec(ctx, `DELETE FROM user_tags WHERE user_id = ? AND tag_id = ?
			AND tag_id IN (SELECT id FROM tags WHERE category = ?)`, userID, id, category); err != nil {
			return fmt.Errorf("remove tag: %w", err)
		}
	}
	for _, id := range distinct(add) {
		if _, err := tx.Exec(ctx, `INSERT INTO user_tags (user_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
			userID, id); err != nil {
			return fmt.Errorf("add tag: %w", err)
		}
	}
	return nil
}

// writeRow stores every profile column of r, checking its version, and records the history.
func writeRow(ctx context.Context, tx *database.Tx, r *Row, version int) error {
	res, err := tx.Exec(ctx, `UPDATE users SET email = ?, email_lc = ?, first_name = ?, last_name = ?, label = ?,
		phone = ?, country = ?, timezone = ?, account_status = ?, can_admin = ?, can_create_supplier_entity = ?,
		can_create_agency_entity = ?, can_create_client_entity = ?, gender = ?, gender_other = ?, location_name = ?,
		latitude = ?, longitude = ?, cv = ?, showreel = ?, linkedin = ?, imdb = ?, personal_website = ?,
		business_type = ?, day_rate_minor = ?, day_rate_currency = ?, day_rate_period = ?, preferred_supplier_id = ?,
		default_permissions = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		r.Email, strings.ToLower(r.Email), r.FirstName, r.LastName, r.Label, r.Phone, r.Country, r.Timezone,
		r.AccountStatus, r.CanAdmin, r.CanCreateSupplierEntity, r.CanCreateAgencyEntity, r.CanCreateClientEntity,
		r.Gender, r.GenderOther, r.LocationName, r.Latitude, r.Longitude, r.CV, r.Showreel, r.LinkedIn, r.IMDb,
		r.PersonalWebsite, r.BusinessType, r.DayRateMinor, r.DayRateCurrency, r.DayRatePeriod, r.PreferredSupplierID,
		r.DefaultPermissions, tx.Now, r.ID, version)
	if errors.Is(err, database.ErrUniqueViolation) {
		return apperror.Conflict(accounts.MsgEmailTaken)
	}
	if err != nil {
		return fmt.Errorf("update user: %w", err)
	}
	if res == 0 {
		return apperror.Conflict("This record was changed by someone else. Reload and try again.")
	}
	fresh, err := findRow(ctx, tx, r.ID)
	if err != nil {
		return err
	}
	*r = fresh
	return audit.Record(ctx, tx, audit.Update, audit.SourceUser, r.ID, auditRow(fresh))
}

// auditRow is the profile as history shows it: never the password hash.
func auditRow(r Row) map[string]any {
	m := map[string]any{
		"id": r.ID, "email": r.Email, "firstName": r.FirstName, "lastName": r.LastName, "label": r.Label,
		"phone": r.Phone, "country": r.Country, "timezone": r.Timezone, "accountStatus": r.AccountStatus,
		"onboardingState": r.OnboardingState, "canAdmin": r.CanAdmin,
		"canCreateSupplierEntity": r.CanCreateSupplierEntity, "canCreateAgencyEntity": r.CanCreateAgencyEntity,
		"canCreateClientEntity": r.CanCreateClientEntity, "isFreelancer": r.IsFreelancer, "gender": r.Gender,
		"genderOther": r.GenderOther, "locationName": r.LocationName, "cv": r.CV, "showreel": r.Showreel,
		"linkedin": r.LinkedIn, "imdb": r.IMDb, "personalWebsite": r.PersonalWebsite, "businessType": r.BusinessType,
		"dayRateCurrency": r.DayRateCurrency, "dayRatePeriod": r.DayRatePeriod, "defaultPermissions": r.DefaultPermissions,
		"version": r.Version,
	}
	if r.DayRateMinor != nil {
		m["dayRate"] = FormatMinor(*r.DayRateMinor)
	}
	if r.PreferredSupplierID != nil {
		m["preferredSupplierId"] = *r.PreferredSupplierID
	}
	return m
}

// linkEntities connects a new user to entities with can_select.
func linkEntities(ctx context.Context, tx *database.Tx, userID int64, entityIDs []int64) error {
	for _, id := range distinct(entityIDs) {
		if _, err := tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_select, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?)`, userID, id, true, tx.Now, tx.Now); err != nil {
			return fmt.Errorf("link entity: %w", err)
		}
	}
	return nil
}

// entityExists reports whether an entity of id exists (optionally of kinds).
func entityExists(ctx context.Context, tx *database.Tx, id int64) (bool, error) {
	var n int
	err := tx.Get(ctx, &n, `SELECT COUNT(*) FROM entities WHERE id = ?`, id)
	return n > 0, err
}

// setCreateExtras stores the profile columns of an assisted account that accounts.CreateUser
// does not know: the preferred supplier and the default permissions.
func setCreateExtras(ctx context.Context, tx *database.Tx, userID int64, in *AccountCreate) error {
	var supplier *int64
	if in.PreferredSupplierID != nil && *in.PreferredSupplierID > 0 {
		ok, err := entityExists(ctx, tx, *in.PreferredSupplierID)
		if err != nil {
			return err
		}
		if !ok {
			return apperror.Field("preferredSupplierId", "Unknown entity")
		}
		supplier = in.PreferredSupplierID
	}
	if supplier == nil && in.DefaultPermissions == "" {
		return nil
	}
	if _, err := tx.Exec(ctx, `UPDATE users SET preferred_supplier_id = ?, default_permissions = ? WHERE id = ?`,
		supplier, in.DefaultPermissions, userID); err != nil {
		return fmt.Errorf("set profile extras: %w", err)
	}
	r, err := findRow(ctx, tx, userID)
	if err != nil {
		return err
	}
	return audit.Record(ctx, tx, audit.Update, audit.SourceUser, userID, auditRow(r))
}
