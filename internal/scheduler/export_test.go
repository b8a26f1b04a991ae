package scheduler

import "github.com/hive/hive/internal/bookings/reads/schedule"

// SetRecentDepth sets how many of the newest instructions the administrator's grid reads for
// its first pages (0: never), until the returned function restores it.
func SetRecentDepth(n int) (restore func()) { return schedule.SetSchedulerRecentDepth(n) }

// SetWholeRangeBound sets how many placements a month view of whole departments reads whole
// before it reads the day index (0: always the index), until the returned function restores it.
func SetWholeRangeBound(n int) (restore func()) { return schedule.SetSchedulerWholeRangeBound(n) }
