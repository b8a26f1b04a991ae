package bookings

import (
	"context"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// awaitingAnswerSQL counts userID's offers that still wait for their answer: the instruction is
// not deleted, its supplier side awaits a response, its client side has not refused it
// (accepted or awaiting), and its placement has not ended. That is the freelancer's
// Outstanding tab of the agenda (internal/agenda, instructionRules); a test keeps the two
// equal. The placement's end is the instruction's own copy (placement_end_at, kept by the
// database's triggers), so the count reads one user's instructions and joins nothing.
var awaitingAnswerSQL = `SELECT COUNT(*) FROM instructions i WHERE i.user_id = ? AND i.deleted_at IS NULL
	AND i.supplier_status = '` + string(status.Awaiting) + `'
	AND i.client_status IN ('` + string(status.Accepted) + `', '` + string(status.Awaiting) + `')
	AND i.placement_end_at > ?`

// OffersAwaitingAnswer counts the instructions offered to userID that wait for their accept or
// reject (issue 15 item 17). whoami adds them to actionsRequired and the sidebar's Agenda item
// shows them; internal/app hands this function to accounts, which cannot import bookings.
func OffersAwaitingAnswer(ctx context.Context, db *database.DB, userID int64) (int, error) {
	var n int
	err := db.Get(ctx, &n, awaitingAnswerSQL, userID, db.Now())
	return n, err
}
