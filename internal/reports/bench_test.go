package reports_test

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// BenchmarkBookingsReport exports the Bookings report over the whole bookingbench data set
// (200,000 instructions on 50,000 placements, about six months from 2027-01-04) as an
// administrator through the real HTTP stack, on SQLite and (with HIVE_TEST_POSTGRES_URL)
// PostgreSQL, the body read as it streams and thrown away. Per engine it reports the slowest
// export's seconds (target under 5) and the most the process's resident memory grew during
// one (target under 50 MB): the kernel's peak resident size (VmHWM in /proc/self/status) is
// reset before each export (writing 5 to /proc/self/clear_refs) and read after it, against the
// resident size (VmRSS) at its start, after a garbage collection. Server, SQLite's engine
// (in-process) and the reading client all count, so the figure is an upper bound on the server's.
func BenchmarkBookingsReport(b *testing.B) {
	body, _ := json.Marshal(map[string]any{"reportType": "bookings", "startDate": "2027-01-01", "endDate": "2027-12-31"})
	for _, e := range databasetest.Available() {
		s := apptest.Start(b, e.Open(b))
		start := time.Now()
		d := bookingbench.Generate(b, s.DB)
		b.Logf("%s: generated %d bookings, %d instructions in %s", e.Name, len(d.Bookings), bookingbench.Instructions,
			time.Since(start).Round(time.Second))
		admin := s.Login("admin@hive.test")
		b.Run(e.Name, func(b *testing.B) {
			var slowest time.Duration
			var growth int64
			var lines, size int64
			for i := 0; i < b.N; i++ {
				runtime.GC()
				debug.FreeOSMemory()
				before := procStatus(b, "VmRSS")
				if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
					b.Fatalf("reset the peak resident size: %v", err)
				}
				start := time.Now()
				lines, size = export(b, s.URL, admin, body)
				slowest = max(slowest, time.Since(start))
				growth = max(growth, procStatus(b, "VmHWM")-before)
			}
			if lines != bookingbench.Instructions+1 {
				b.Fatalf("%d lines, want a header and %d rows", lines, bookingbench.Instructions)
			}
			b.ReportMetric(slowest.Seconds(), "max-s")
			b.ReportMetric(float64(growth)/(1<<20), "max-rss-growth-MB")
			b.ReportMetric(float64(size)/(1<<20), "csv-MB")
			b.Logf("%s: %d rows, %.1f MB of CSV; slowest %.2f s (target < 5 s), resident memory grew at most %.1f MB (target < 50 MB)",
				e.Name, lines-1, float64(size)/(1<<20), slowest.Seconds(), float64(growth)/(1<<20))
		})
	}
}

// export posts the report request as c and reads the answer as it streams, counting its lines
// and bytes; nothing is kept.
func export(b *testing.B, base string, c *apptest.Client, body []byte) (lines, size int64) {
	b.Helper()
	res := postReport(b, base, c, body)
	defer res.Body.Close()
	if res.StatusCode != 200 {
		msg, _ := io.ReadAll(res.Body)
		b.Fatalf("status %d: %s", res.StatusCode, msg)
	}
	r := bufio.NewReaderSize(res.Body, 64<<10)
	for {
		line, err := r.ReadSlice('\n')
		size += int64(len(line))
		if len(line) > 0 && line[len(line)-1] == '\n' {
			lines++
		}
		if err == io.EOF {
			return lines, size
		}
		if err != nil && err != bufio.ErrBufferFull {
			b.Fatal(err)
		}
	}
}

// procStatus reads a size in bytes from /proc/self/status (its kB figures).
func procStatus(b *testing.B, field string) int64 {
	b.Helper()
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb << 10
		}
	}
	b.Fatalf("no %s in /proc/self/status", field)
	return 0
}
