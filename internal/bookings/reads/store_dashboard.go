package reads

// The dashboard's reads of bookings: the rows of its read model (internal/dashboard/facts),
// one per live placement and one per live instruction that counts, selected from the bookings
// tables with the status rules generated in SQL here. The facts package writes them into its
// own tables in the transaction of each bookings change.

import (
	"strconv"
	"strings"

	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// pairsSQL is true for instruction i whose (supplier, client) statuses are among pairs.
func pairsSQL(pairs []status.Pair) string { return status.PairsSQL("i", pairs) }

// rankSQL is the rank (RankedColours) of instruction i's colour, status.ColourOf written as a
// CASE over every status pair; a placement without instructions (i.id NULL) has emptyColour.
func rankSQL() string {
	pairs := status.PairsByColour()
	var sb strings.Builder
	sb.WriteString("CASE WHEN i.id IS NULL THEN " + strconv.Itoa(rankOf(emptyColour)))
	sb.WriteString(" WHEN i.deleted_at IS NOT NULL THEN " + strconv.Itoa(rankOf(deletedColour)))
	for _, c := range RankedColours() {
		if len(pairs[c]) > 0 {
			sb.WriteString(" WHEN " + pairsSQL(pairs[c]) + " THEN " + strconv.Itoa(rankOf(c)))
		}
	}
	other := status.ColourOf(status.State{Supplier: "", Client: ""})
	sb.WriteString(" ELSE " + strconv.Itoa(rankOf(other)) + " END")
	return sb.String()
}

// GreenSQL is true for a live instruction i accepted by both sides (status.ColourOf green).
func GreenSQL() string {
	return "(i.deleted_at IS NULL AND " + pairsSQL(status.PairsByColour()[status.Green]) + ")"
}

// offeredSQL is true for the instructions of bookings b that start awaiting their freelancer's
// answer (status.Initial): a pre-confirmed or direct booking's are accepted from the start.
func offeredSQL() (string, []any) {
	var ors []string
	var args []any
	for _, t := range []status.BookingType{status.TypeDefault, status.TypePreConfirmed} {
		for _, direct := range []bool{false, true} {
			if status.Initial(t, direct).Supplier == status.Awaiting {
				ors = append(ors, "(b.type = ? AND b.direct = ?)")
				args = append(args, string(t), direct)
			}
		}
	}
	if len(ors) == 0 {
		return "FALSE", nil
	}
	return "(" + strings.Join(ors, " OR ") + ")", args
}

// seconds is b − a in seconds, for two timestamp expressions. SQLite holds a timestamp as Go
// writes it ("2027-03-01 09:00:00.5 +0000 UTC"), always in UTC (the database clock's zone):
// its first 19 characters are what julianday reads, so SQLite's differences are whole seconds.
func seconds(d database.Dialect, a, b string) string {
	if d == database.Postgres {
		return "CAST(EXTRACT(EPOCH FROM (" + b + " - " + a + ")) AS DOUBLE PRECISION)"
	}
	return "ROUND((julianday(substr(" + b + ", 1, 19)) - julianday(substr(" + a + ", 1, 19))) * 86400.0)"
}

// supplierStatusOf is the supplier status in a booking_events row's payload, written exactly
// as the booking_events_answer index of each engine holds it (migration 00027).
func supplierStatusOf(d database.Dialect, alias string) string {
	if d == database.Postgres {
		return "(" + alias + ".payload_json::json ->> 'supplierStatus')"
	}
	return "json_extract(" + alias + ".payload_json, '$.supplierStatus')"
}

// answerMinuteSQL is, for instruction i of booking b, the minutes from the offer (the
// instruction's creation) to its freelancer's answer (the first status change event leaving the
// supplier side accepted or rejected), rounded; NULL unless the booking asks the freelancer
// (offeredSQL) and the supplier side is accepted or rejected now. The events' conditions are
// literals, exactly as the predicate of the booking_events_answer index (migration 00027), so
// each lookup reads only that index.
func answerMinuteSQL(d database.Dialect) (string, []any) {
	offered, args := offeredSQL()
	answered := status.Literal(status.Accepted) + ", " + status.Literal(status.Rejected)
	answeredAt := `(SELECT MIN(e.created_at) FROM booking_events e WHERE e.instruction_id = i.id
		AND e.kind = '` + string(events.InstructionStatus) + `' AND ` + supplierStatusOf(d, "e") + ` IN (` + answered + `))`
	return "CASE WHEN i.supplier_status IN (" + answered + ") AND " + offered +
		" THEN CAST(ROUND(" + seconds(d, "i.created_at", answeredAt) + " / 60) AS BIGINT) END", args
}

// paidMinutesSQL is placement p's minutes less its unpaid breaks, what an hourly rate is paid for.
func paidMinutesSQL(d database.Dialect) string {
	return "CAST(ROUND(" + seconds(d, "p.start_at", "p.end_at") + " / 60) - p.unpaid_breaks AS BIGINT)"
}

// DashboardPlacements selects the placements p (not deleted) matching which (a condition on
// placements p) as their ids: the placements whose facts a refresh replaces.
func DashboardPlacements(which string) string { return `SELECT p.id FROM placements p WHERE ` + which }

// DashboardPlacementFacts selects the facts of the live placements p matching which (a
// condition on placements p): placement_id, department_id, job_template_id, local_date,
// worst_rank (RankedColours) and filled (any instruction accepted by both sides).
func DashboardPlacementFacts(which string) string {
	return `SELECT p.id, b.department_id, b.job_template_id, p.local_date, MAX(` + rankSQL() + `),
			MAX(CASE WHEN ` + GreenSQL() + ` THEN 1 ELSE 0 END)
		FROM placements p JOIN bookings b ON b.id = p.booking_id LEFT JOIN instructions i ON i.placement_id = p.id
		WHERE p.deleted_at IS NULL AND ` + which + `
		GROUP BY p.id, b.department_id, b.job_template_id, p.local_date`
}

// DashboardInstructionFacts selects the facts of the live instructions of the live placements
// p matching which (a condition on placements p) that count: accepted by both sides, answered
// by their freelancer, or their placement's pipeline. The columns are instruction_id,
// placement_id, department_id, local_date, user_id, green, answer_minute, the sell and buy
// rates, paid_minutes and counted (a status.Count); args come before which's.
func DashboardInstructionFacts(d database.Dialect, which string) (string, []any) {
	answer, args := answerMinuteSQL(d)
	return `SELECT x.* FROM (SELECT i.id, i.placement_id, b.department_id, i.placement_local_date, i.user_id,
			CASE WHEN ` + GreenSQL() + ` THEN 1 ELSE 0 END AS green, ` + answer + ` AS answer_minute,
			i.sell_rate_minor, i.sell_currency, i.sell_period, i.buy_rate_minor, i.buy_currency, i.buy_period,
			` + paidMinutesSQL(d) + ` AS paid_minutes, ` + countSQL() + ` AS counted
			FROM instructions i JOIN placements p ON p.id = i.placement_id JOIN bookings b ON b.id = i.booking_id
			WHERE i.deleted_at IS NULL AND p.deleted_at IS NULL AND ` + which + `) x
		WHERE x.green = 1 OR x.answer_minute IS NOT NULL OR x.counted = '` + string(status.CountPipeline) + `'`, args
}
