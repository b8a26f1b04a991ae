package scheduler

// SetRecentDepth sets how many of the newest instructions the administrator's grid reads for
// its first pages (0: never), until the returned function restores it.
func SetRecentDepth(n int) (restore func()) {
	was := recentDepth
	recentDepth = n
	return func() { recentDepth = was }
}
