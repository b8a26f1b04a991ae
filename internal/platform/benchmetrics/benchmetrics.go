// Package benchmetrics computes the figures Hive's benchmarks report beside ns/op, one way for
// all of them, so that bench/README.md compares like with like: the percentiles of the
// latencies a benchmark timed, and the CPU time of this process.
package benchmetrics

import (
	"sort"
	"syscall"
	"testing"
	"time"
)

// ReportLatencies sorts took and reports its median and 95th percentile in milliseconds
// (p50-ms, p95-ms): for quantile q, the value at index q×(n-1) of the sorted latencies.
func ReportLatencies(b *testing.B, took []time.Duration) {
	b.Helper()
	if len(took) == 0 {
		return
	}
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	ms := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.95), "p95-ms")
}

// ProcessCPU is the user and system time this process has used, which other processes on the
// machine do not inflate as they do the wall clock (a database server's own work is not in it).
func ProcessCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
