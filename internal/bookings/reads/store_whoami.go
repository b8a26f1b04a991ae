package reads

import (
	"context"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// AwaitingAnswerCountSQL counts one user's offers awaiting their answer
// (status.State.AwaitingAnswer) whose placement has not ended; its arguments are the user's id
// and the time now. The placement's end is the instruction's own copy (placement_end_at, kept by
// the database's triggers), so the count reads one user's instructions (index instructions_user)
// and joins nothing. The statuses are literals, so the text is one statement that SQLite
// prepares once. internal/app reads it together with the pending invitations' count for whoami,
// in one statement.
var AwaitingAnswerCountSQL = `SELECT COUNT(*) FROM instructions i WHERE i.user_id = ? AND ` + status.AwaitingAnswerSQL("i") +
	` AND i.placement_end_at > ?`

// OffersAwaitingAnswer counts the instructions offered to userID that wait for their accept or
// reject. whoami adds them to actionsRequired and the sidebar's Agenda item
// shows them (through AwaitingAnswerCountSQL).
func OffersAwaitingAnswer(ctx context.Context, db *database.DB, userID int64) (int, error) {
	var n int
	err := db.Get(ctx, &n, AwaitingAnswerCountSQL, userID, db.Now())
	return n, err
}
