package demo

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/platform/database"
)

// SetPreferredSuppliers gives every demo freelancer the preferred supplier the profile form
// requires of a freelancer (spec part 1 §5): their own company when they have one (ownCompanies,
// and Felix Reid's), else Crewline Facilities, the demo's supplier. It runs after every demo
// account exists (the people directory's too), keeps a supplier already set, and can run any
// number of times.
func SetPreferredSuppliers(ctx context.Context, db *database.DB) error {
	own := map[string]string{"freelancer@hive.test": FelixReid}
	for email, company := range ownCompanies {
		own[email] = company
	}
	return db.InTx(ctx, func(tx *database.Tx) error {
		set := func(entity, where string, args ...any) error {
			_, err := tx.Exec(ctx, `UPDATE users SET preferred_supplier_id = (SELECT MIN(id) FROM entities WHERE name = ? AND type = 'supplier')
				WHERE is_freelancer = TRUE AND preferred_supplier_id IS NULL AND `+where, append([]any{entity}, args...)...)
			if err != nil {
				return fmt.Errorf("demo preferred supplier %s: %w", entity, err)
			}
			return nil
		}
		for email, company := range own {
			if err := set(company, "email_lc = ?", email); err != nil {
				return err
			}
		}
		return set(Crewline, "TRUE")
	})
}
