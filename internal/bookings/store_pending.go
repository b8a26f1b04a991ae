package bookings

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// AwaitingAnswer is the statuses of an offer that waits for its freelancer's answer: their
// (supplier) side still awaits a response and the client side has not refused it. With "not
// deleted, placement not ended" it is the freelancer's Outstanding tab of the agenda
// (internal/agenda, instructionRules), which takes its statuses from here.
var AwaitingAnswer = struct{ Supplier, Client []status.Status }{
	Supplier: []status.Status{status.Awaiting},
	Client:   []status.Status{status.Accepted, status.Awaiting},
}

// AwaitingAnswerCountSQL counts one user's offers awaiting their answer; its arguments are the
// user's id and the time now. The placement's end is the instruction's own copy
// (placement_end_at, kept by the database's triggers), so the count reads one user's
// instructions (index instructions_user) and joins nothing. The statuses are literals, so the
// text is one statement that SQLite prepares once. internal/app reads it together with the
// pending invitations' count for whoami, in one statement.
var AwaitingAnswerCountSQL = `SELECT COUNT(*) FROM instructions i WHERE i.user_id = ? AND i.deleted_at IS NULL
	AND i.supplier_status IN (` + literals(AwaitingAnswer.Supplier) + `)
	AND i.client_status IN (` + literals(AwaitingAnswer.Client) + `) AND i.placement_end_at > ?`

// literals renders statuses as SQL string literals (fixed words of package status).
func literals(ss []status.Status) string {
	parts := make([]string, len(ss))
	for k, s := range ss {
		parts[k] = "'" + string(s) + "'"
	}
	return strings.Join(parts, ", ")
}

// OffersAwaitingAnswer counts the instructions offered to userID that wait for their accept or
// reject. whoami adds them to actionsRequired and the sidebar's Agenda item
// shows them (through AwaitingAnswerCountSQL).
func OffersAwaitingAnswer(ctx context.Context, db *database.DB, userID int64) (int, error) {
	var n int
	err := db.Get(ctx, &n, AwaitingAnswerCountSQL, userID, db.Now())
	return n, err
}
