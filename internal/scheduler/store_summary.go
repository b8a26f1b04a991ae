package scheduler

import (
	"context"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/reads/schedule"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the booking summary through bookings' read interface (schedule.SchedulerGroups,
// schedule.SchedulerChanges) and reads and writes bookmarks.
type Store struct{ DB *database.DB }

// SummaryFilter is what the summary reads: the range and filters, and who is looking.
type SummaryFilter = schedule.SchedulerFilter

// DefaultGridSort is the grid's order: most recently changed first.
const DefaultGridSort = schedule.DefaultGridSort

// Groups reads the range's placement groups, by day (schedule.SchedulerGroups), and assembles
// them by the display rules.
func (s *Store) Groups(ctx context.Context, f SummaryFilter, dates []string) ([]BookingSummaryDay, error) {
	var days []BookingSummaryDay
	err := s.DB.ReadPlanned(ctx, func(q database.Reader) error {
		read, err := schedule.SchedulerGroups(ctx, q, s.DB.Dialect, f)
		if err != nil {
			return err
		}
		days = assembleDays(dates, read.Placements, read.Instructions, f, read.Bookings)
		if read.DayIndexed {
			withDayCounts(days, read.Counts)
		}
		return nil
	})
	return days, err
}

// withDayCounts puts the counts read from the index into the days.
func withDayCounts(days []BookingSummaryDay, counts []schedule.SchedulerDayCount) {
	byDate := make(map[string]schedule.SchedulerDayCount, len(counts))
	for _, c := range counts {
		byDate[c.LocalDate] = c
	}
	for i := range days {
		c := byDate[days[i].Date]
		days[i].GroupCount, days[i].PlacementCount = c.Groups, c.Placements
	}
}

// summaryChange is one grid row as read: the instruction (the columns of bookings.InstructionRow
// that the grid selects, its State rule with them, and its hold facts) with its placement,
// booking, department and client.
type summaryChange struct {
	bookings.InstructionRow
	BookingTitle     string    `db:"booking_title"`
	ClientName       string    `db:"client_name"`
	DepartmentName   string    `db:"department_name"`
	CancelWindowDays int       `db:"cancel_window_days"`
	PlacementTitle   string    `db:"placement_title"`
	LocalDate        string    `db:"local_date"`
	StartAt          time.Time `db:"start_at"`
	EndAt            time.Time `db:"end_at"`
	Timezone         string    `db:"timezone"`
	UpdatedAt        time.Time `db:"updated_at"`
}

// Changes reads one page of the grid's instruction rows and the number of rows over all pages
// (schedule.SchedulerChanges), with bookings' hold facts.
func (s *Store) Changes(ctx context.Context, f SummaryFilter) ([]BookingChangeRow, int, error) {
	var out []BookingChangeRow
	total := 0
	err := s.DB.ReadPlanned(ctx, func(q database.Reader) error {
		rows, n, err := schedule.SchedulerChanges[summaryChange](ctx, q, f, bookings.HoldColumns)
		if err != nil {
			return err
		}
		out, total = make([]BookingChangeRow, 0, len(rows)), n
		for _, r := range rows {
			out = append(out, changeRow(r, f.Admin))
		}
		return nil
	})
	return out, total, err
}
