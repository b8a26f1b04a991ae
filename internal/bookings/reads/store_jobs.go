package reads

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// The job templates' reads of bookings.

// UsesJobTemplate reports whether any booking was made from job template id (jobs refuses to
// delete such a template; internal/app hands it this function).
func UsesJobTemplate(ctx context.Context, tx *database.Tx, id int64) (bool, error) {
	var used bool
	err := tx.Get(ctx, &used, `SELECT EXISTS (SELECT 1 FROM bookings WHERE job_template_id = ?)`, id)
	return used, err
}
