// Package bookingstest is the test set-up of bookings and its sub-features: the steps their HTTP
// tests share (fixture.go) and the counts of what would break the invariants every write of
// bookings keeps (invariants.go), so the HTTP tests, the concurrency tests and the demo's test
// check them with the same queries.
package bookingstest

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// UnauditedInstructions counts the instructions whose changes are not all in the audit log:
// every write of an instruction adds one audit row and one version in the same transaction.
func UnauditedInstructions(t testing.TB, db *database.DB) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions i WHERE i.version <>
		(SELECT COUNT(*) FROM audit_log a WHERE a.hive_source = 'instruction' AND a.record_id = i.id)`)
}

// OverlappingAccepted counts the pairs of one freelancer's live instructions, accepted on their
// side and not cancelled or rejected by the client, whose placements overlap: nobody may be
// booked twice at once.
func OverlappingAccepted(t testing.TB, db *database.DB) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions a JOIN placements pa ON pa.id = a.placement_id
		JOIN instructions b ON b.user_id = a.user_id AND b.id > a.id JOIN placements pb ON pb.id = b.placement_id
		WHERE a.deleted_at IS NULL AND b.deleted_at IS NULL
		AND a.supplier_status = 'accepted' AND b.supplier_status = 'accepted'
		AND a.client_status NOT IN ('cancelled', 'rejected') AND b.client_status NOT IN ('cancelled', 'rejected')
		AND pa.start_at < pb.end_at AND pb.start_at < pa.end_at`)
}
