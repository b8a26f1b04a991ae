package main

import (
	"os"
	"runtime/debug"
)

// serverGCPercent is the garbage collector's target for `hive serve` when GOGC is not set: the
// heap may grow to three times what is live before a collection, not Go's default of twice. A
// request allocates a lot that dies at once (rows scanned, JSON written), so the collector ran
// often on a small live heap: at 200, a booking's detail costs about 10 % less CPU for some
// 10 MB more memory (docs/decisions.md, Performance). GOGC (and GOMEMLIMIT) still rule when set.
const serverGCPercent = 200

// tuneGC applies serverGCPercent unless the environment chose a target.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(serverGCPercent)
	}
}
