package profile

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/search/index"
)

// CreateAssisted writes an assisted account in one transaction: each entity of in must exist and
// p manage it (checked in order, so an unknown entity is a field error before a forbidden one),
// then the user, their entity links, the admin extras, and activate (the activation mail).
func (s *Store) CreateAssisted(ctx context.Context, p *auth.Principal, u *accounts.User, in *AccountCreate,
	activate func(context.Context, *database.Tx, accounts.User) error) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		for _, id := range in.EntityIDs {
			// The rule before the lookup: an entity the caller may not manage is refused alike
			// whether it exists or not, so the answer confirms no other client's id.
			if !access.CanManageEntity(p, id) {
				return apperror.Forbidden()
			}
			ok, err := entityExists(ctx, tx, id)
			if err != nil {
				return err
			}
			if !ok {
				return apperror.Field("entityIds", "Unknown entity")
			}
		}
		if err := accounts.CreateUser(ctx, tx, u); err != nil {
			return err
		}
		if err := linkEntities(ctx, tx, u.ID, in.EntityIDs); err != nil {
			return err
		}
		if err := setCreateExtras(ctx, tx, u.ID, in); err != nil {
			return err
		}
		return activate(ctx, tx, *u)
	})
}

// Update changes user id by in in one transaction: read, apply the rules, check the tags named,
// write with the version check, tell the old address when an administrator changed it, and set
// the tags. mailed reports a mail queued (the caller wakes the worker after the commit).
func (s *Store) Update(ctx context.Context, p *auth.Principal, id int64, in *ProfileUpdate) (r Row, mailed bool, err error) {
	err = s.DB.InTx(ctx, func(tx *database.Tx) error {
		mailed = false
		var err error
		if r, err = findRow(ctx, tx, id); err != nil {
			return err
		}
		known := true
		if supplier := preferredToCheck(r, in); supplier != 0 {
			if known, err = entityExists(ctx, tx, supplier); err != nil {
				return err
			}
		}
		old := r.Email
		if err := apply(p, &r, in, known); err != nil {
			return err
		}
		if err := checkTags(ctx, tx, "skills", "skills", append(append([]int64{}, in.Skills...), in.DeletedSkills...)); err != nil {
			return err
		}
		if err := checkTags(ctx, tx, "job_titles", "job_title", append(append([]int64{}, in.JobTitles...), in.DeletedJobTitles...)); err != nil {
			return err
		}
		if err := writeRow(ctx, tx, &r, in.Version); err != nil {
			return err
		}
		if !strings.EqualFold(old, r.Email) {
			mailed = true
			if err := mail.Enqueue(ctx, tx, accounts.AddressChangedMail(old, r.FirstName, r.Email)); err != nil {
				return err
			}
		}
		if err := setTags(ctx, tx, r.ID, "skills", in.Skills, in.DeletedSkills); err != nil {
			return err
		}
		if err := setTags(ctx, tx, r.ID, "job_title", in.JobTitles, in.DeletedJobTitles); err != nil {
			return err
		}
		return index.Refresh(ctx, tx, index.User, r.ID)
	})
	return r, mailed, err
}
