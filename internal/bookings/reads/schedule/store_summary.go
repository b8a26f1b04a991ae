package schedule

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// The scheduler's reads of bookings: the booking summary's placement groups (the month view and
// the calendar) and the grid of instruction rows. The scheduler (internal/scheduler) assembles
// the groups and rows from what these read and decides what each viewer may see (Visible).

// SchedulerFilter is what the summary reads: the range and filters, and who is looking.
type SchedulerFilter struct {
	Start, End                                        string // local dates, inclusive
	DepartmentIDs, ClientIDs, UserIDs, JobTemplateIDs []int64
	Colours                                           []status.Colour
	IncludeDeleted, OverviewOnly, CancelledOnly       bool
	// GroupsPerDay lists only the first groups of each day (0: all of them).
	GroupsPerDay int

	// Viewer is the caller. Visible is the departments they see whole (every one for
	// administrators). Elsewhere they see only their own instructions.
	Viewer  int64
	Visible database.Visibility
	Admin   bool

	// The grid page: order (one of gridOrders) and page.
	Sort          string
	Offset, Limit int

	// ownElsewhere: the viewer holds instructions in the range outside the departments they
	// see whole (withViewer finds out), so the scopes must let those placements in too.
	ownElsewhere bool
}

// FreelancerView reports whether the viewer sees department only through their own instructions.
func (f SchedulerFilter) FreelancerView(department int64) bool {
	return !f.Visible.Includes(department)
}

// SchedulerPlacement is a placement of the range. In the month view Packed counts its visible
// instructions by colour (see packedWeightSQL) unless Substitution says one of its
// instructions substitutes another.
type SchedulerPlacement struct {
	ID           int64  `db:"id"`
	BookingID    int64  `db:"booking_id"`
	Title        string `db:"title"`
	LocalDate    string `db:"local_date"`
	StartTime    string `db:"start_time"`
	EndTime      string `db:"end_time"`
	Overnight    bool   `db:"overnight"`
	Deleted      bool   `db:"deleted"`
	Substitution bool   `db:"-"` // a substitute is instructed here (see substitutionFlag)
	Packed       int64  `db:"packed"`
}

// seesEveryInstruction reports whether the month view shows every instruction (not deleted) of
// each placement in scope: an administrator's or a manager's view of whole departments, no user
// filter, no cancelled ones. Those counts are the read model's.
func (f SchedulerFilter) seesEveryInstruction() bool {
	return f.OverviewOnly && !f.IncludeDeleted && len(f.UserIDs) == 0 && (f.Visible.All || (!f.Visible.None() && !f.ownElsewhere))
}

// SchedulerBooking is a booking of the range with its department and client.
type SchedulerBooking struct {
	ID               int64  `db:"id"`
	Title            string `db:"title"`
	DepartmentID     int64  `db:"department_id"`
	DepartmentName   string `db:"department_name"`
	CancelWindowDays int    `db:"cancel_window_days"`
	ClientName       string `db:"client_name"`
}

// SchedulerInstruction is what a placement group needs of an instruction.
type SchedulerInstruction struct {
	ID               int64  `db:"id"`
	PlacementID      int64  `db:"placement_id"`
	UserID           int64  `db:"user_id"`
	FirstName        string `db:"first_name"`
	LastName         string `db:"last_name"`
	SupplierStatus   string `db:"supplier_status"`
	ClientStatus     string `db:"client_status"`
	SubstitutionOfID *int64 `db:"substitution_of_id"`
	Deleted          bool   `db:"deleted"`
	Substituted      bool   `db:"substituted"`
}

// State is the instruction's state for the status rules.
func (i SchedulerInstruction) State() status.State {
	return status.State{Supplier: status.Status(i.SupplierStatus), Client: status.Status(i.ClientStatus), Deleted: i.Deleted}
}

// SchedulerGroupsRead is what the summary's groups are assembled from: the range's placements,
// their bookings and the visible instructions; Counts are each day's counts of groups and
// placements when DayIndexed (the read took each day's first groups from the day index).
type SchedulerGroupsRead struct {
	Placements   []SchedulerPlacement
	Bookings     map[int64]SchedulerBooking
	Instructions []SchedulerInstruction
	Counts       []SchedulerDayCount
	DayIndexed   bool
}

// SchedulerGroups reads the range's placement groups in a fixed few queries whatever the range:
// the placements, their bookings, and the visible instructions. The month view (OverviewOnly)
// reads each placement's instructions counted by colour (Packed), and one by one only those of
// the (few) placements holding a substitution. q is one read (database.DB.ReadPlanned).
func SchedulerGroups(ctx context.Context, q database.Reader, dialect database.Dialect, f SchedulerFilter) (SchedulerGroupsRead, error) {
	var out SchedulerGroupsRead
	f, err := withViewer(ctx, q, f)
	if err != nil {
		return out, err
	}
	var ps []SchedulerPlacement
	var counts []SchedulerDayCount
	if f.readsDayIndex() {
		ps, counts, err = dayIndexPlacements(ctx, q, dialect, f)
	} else {
		ps, err = groupPlacements(ctx, q, f)
	}
	if err != nil {
		return out, err
	}
	var bookingIDs, substituted []int64
	for _, p := range ps {
		bookingIDs = append(bookingIDs, p.BookingID)
		if p.Substitution {
			substituted = append(substituted, p.ID)
		}
	}
	bs, err := groupBookings(ctx, q, bookingIDs)
	if err != nil {
		return out, err
	}
	var is []SchedulerInstruction
	switch {
	case !f.OverviewOnly:
		is, err = groupInstructions(ctx, q, f, "", nil)
	case len(substituted) > 0:
		err = eachChunk(substituted, func(marks string, args []any) error {
			part, err := groupInstructions(ctx, q, f, "p.id IN ("+marks+")", args)
			is = append(is, part...)
			return err
		})
	}
	if err != nil {
		return out, err
	}
	return SchedulerGroupsRead{Placements: ps, Bookings: bs, Instructions: is, Counts: counts, DayIndexed: f.readsDayIndex()}, nil
}

func groupPlacements(ctx context.Context, q database.Reader, f SchedulerFilter) ([]SchedulerPlacement, error) {
	if f.seesEveryInstruction() {
		return statePlacements(ctx, q, f)
	}
	scope := placementScope(f, f.IncludeDeleted)
	counts, args := "0 AS packed", []any{}
	if f.OverviewOnly {
		// One pass over each placement's instructions: the visible ones' packed count, plus
		// substitutionFlag when any of them (visible or not) substitutes another.
		visible := instructionConditions(f, f.IncludeDeleted)
		counts = `COALESCE((SELECT CAST(SUM(CASE WHEN ` + visible.And() + ` THEN ` + packedWeightSQL + ` ELSE 0 END) AS BIGINT)
			+ MAX(CASE WHEN i.substitution_of_id IS NOT NULL THEN ` + fmt.Sprint(substitutionFlag) + ` ELSE 0 END)
			FROM instructions i WHERE i.placement_id = p.id), 0) AS packed`
		args = visible.Args()
	}
	var ps []SchedulerPlacement
	err := q.Select(ctx, &ps, placementColumns+counts+placementsFrom(f)+scope.SQL(), append(args, scope.Args()...)...)
	for i := range ps {
		ps[i].Substitution = ps[i].Packed&substitutionFlag != 0
		ps[i].Packed &^= substitutionFlag
	}
	return ps, err
}

// placementColumns are the columns of SchedulerPlacement but its counts.
const placementColumns = `SELECT p.id, p.booking_id, p.title, p.local_date, p.start_time, p.end_time, p.overnight,
	p.deleted_at IS NOT NULL AS deleted, `

// packedFromStatesSQL is a placement's packed count (packedWeight of each status pair times the
// instructions holding it, plus substitutionFlag) from its placement_states row s: the weights
// are the status rules' in Go, the counts the read model's.
var packedFromStatesSQL = func() string {
	var terms []string
	status.EachPair(func(st status.State) {
		if w := packedWeight(st); w != 0 {
			terms = append(terms, fmt.Sprintf("%s * %d", status.PairCountSQL("s", st), w))
		}
	})
	return "(" + strings.Join(terms, " + ") + fmt.Sprintf(" + CASE WHEN s.substitutions > 0 THEN %d ELSE 0 END) AS packed", substitutionFlag)
}()

// statePlacements reads the range's placements with their packed counts from bookings' read
// model, when the viewer sees every instruction (seesEveryInstruction): no instruction is read.
func statePlacements(ctx context.Context, q database.Reader, f SchedulerFilter) ([]SchedulerPlacement, error) {
	scope := placementScope(f, false)
	var ps []SchedulerPlacement
	err := q.Select(ctx, &ps, placementColumns+packedFromStatesSQL+placementsFrom(f)+` JOIN `+
		reads.PlacementStatesTable+` s ON s.placement_id = p.id`+scope.SQL(), scope.Args()...)
	for i := range ps {
		ps[i].Substitution = ps[i].Packed&substitutionFlag != 0
		ps[i].Packed &^= substitutionFlag
	}
	return ps, err
}

// groupBookings reads bookings with their department and client, by id.
func groupBookings(ctx context.Context, q database.Reader, ids []int64) (map[int64]SchedulerBooking, error) {
	slices.Sort(ids)
	out := map[int64]SchedulerBooking{}
	err := eachChunk(slices.Compact(ids), func(marks string, args []any) error {
		var rows []SchedulerBooking
		if err := q.Select(ctx, &rows, `SELECT b.id, b.title, b.department_id, d.name AS department_name,
			d.cancel_window_days, e.name AS client_name FROM bookings b JOIN departments d ON d.id = b.department_id
			JOIN entities e ON e.id = d.client_id WHERE b.id IN (`+marks+`)`, args...); err != nil {
			return err
		}
		for _, b := range rows {
			out[b.ID] = b
		}
		return nil
	})
	return out, err
}

// groupInstructions reads the visible instructions of the range's placements (those matching
// the extra condition only, when given), with whether another instruction substitutes each;
// names only when the groups list instructions.
func groupInstructions(ctx context.Context, q database.Reader, f SchedulerFilter, extra string, args []any) ([]SchedulerInstruction, error) {
	scope := instructionScope(f, f.IncludeDeleted)
	if extra != "" {
		scope.Add(extra, args...)
	}
	names, join := "'' AS first_name, '' AS last_name", ""
	if !f.OverviewOnly {
		names, join = "u.first_name, u.last_name", " JOIN users u ON u.id = i.user_id"
	}
	var is []SchedulerInstruction
	err := q.Select(ctx, &is, `SELECT i.id, i.placement_id, i.user_id, `+names+`, i.supplier_status, i.client_status,
		i.substitution_of_id, i.deleted_at IS NOT NULL AS deleted,
		EXISTS (SELECT 1 FROM instructions s WHERE s.substitution_of_id = i.id AND `+status.LiveSQL("s")+`) AS substituted`+placementsFrom(f)+`
		JOIN instructions i ON i.placement_id = p.id`+join+scope.SQL(), scope.Args()...)
	return is, err
}
