// Command load replays a realistic day of Hive against a running server:
// 70% reads (the scheduler's month summary and grid, the agenda and its counts, search, lists,
// a booking's page), 25% small writes (offers, accepts, amendments, internal notes, a
// freelancer's unavailable day) and 5% sign-ins, by a pool of signed-in administrators, client
// managers, department managers and freelancers, at a stepped open-loop rate. It reports, per
// step, the rate reached and its latencies; the sustained rate is the highest step whose p99 is
// under the limit with no error and nothing dropped. Every distinct error is printed, and the
// server's resident memory (VmRSS) at the start, its peak and after the run.
//
//	load prepare -db URL -plan FILE    fill a fresh database (migrated here) and write the plan
//	load run -url URL -plan FILE [-pid PID,...] [-rates 250,500,...] [-step 20s]
//	load pages -url URL -plan FILE [-visits 40]     each main page's calls, p50 / p95 per role
//
// bench/load.sh does both on SQLite and PostgreSQL against a bin/hive it starts; -url points
// run at any Hive on 127.0.0.1 (the cluster's proxy, say) whose database prepare filled.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	log.SetFlags(0)
	if len(os.Args) < 2 {
		log.Fatal("usage: load prepare|run [flags] (see bench/README.md)")
	}
	ctx := context.Background()
	switch os.Args[1] {
	case "prepare":
		fs := flag.NewFlagSet("prepare", flag.ExitOnError)
		db := fs.String("db", "", "database URL: sqlite:PATH or postgres://... (a fresh database)")
		plan := fs.String("plan", "load-plan.json", "where to write the plan run reads")
		_ = fs.Parse(os.Args[2:])
		if *db == "" {
			log.Fatal("prepare: -db is required")
		}
		if err := prepare(ctx, *db, *plan, log.Printf); err != nil {
			log.Fatalf("prepare: %v", err)
		}
	case "run":
		if err := run(ctx, os.Args[2:]); err != nil {
			log.Fatalf("run: %v", err)
		}
	case "pages":
		if err := runPages(ctx, os.Args[2:]); err != nil {
			log.Fatalf("pages: %v", err)
		}
	default:
		log.Fatalf("unknown command %q: want prepare, run or pages", os.Args[1])
	}
}

func run(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "the Hive to load (127.0.0.1 or localhost only)")
	planPath := fs.String("plan", "load-plan.json", "the plan prepare wrote")
	pids := fs.String("pid", "", "comma-separated server process ids whose VmRSS is followed (summed)")
	rates := fs.String("rates", "25,50,100,250,500,1000,1500,2000,2500,3000", "target request rates of the steps, requests a second")
	stepFor := fs.Duration("step", 20*time.Second, "how long each step lasts")
	limit := fs.Duration("p99", 200*time.Millisecond, "the p99 a sustained step stays under")
	conns := fs.Int("conns", 512, "most requests in flight (connections); past it a request is dropped")
	maxRequests := fs.Int64("max-requests", 1_000_000, "most requests in the whole run")
	all := fs.Bool("all", false, "run every step, not only up to the first that fails")
	label := fs.String("label", "", "a name for the run in the report (the engine, the set-up)")
	seed := fs.Uint64("seed", 1, "random seed of the day")
	_ = fs.Parse(args)
	u, err := url.Parse(*base)
	if err != nil {
		return err
	}
	if h := u.Hostname(); h != "127.0.0.1" && h != "localhost" && h != "::1" {
		return fmt.Errorf("-url %s: the load is for a server on this machine (127.0.0.1) only", *base)
	}
	plan, err := readPlan(*planPath)
	if err != nil {
		return err
	}
	var steps []float64
	for _, s := range strings.Split(*rates, ",") {
		r, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || r <= 0 {
			return fmt.Errorf("-rates: %q is not a rate", s)
		}
		steps = append(steps, r)
	}
	mem := &rss{}
	for _, s := range strings.Split(*pids, ",") {
		if pid, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
			mem.pids = append(mem.pids, pid)
		}
	}

	l := newLoader(*base, *conns)
	rn := newRunner(l, plan, *conns, *maxRequests, *seed)
	fmt.Printf("load %s: %s; data set: %s\n", *label, *base, plan.Made)
	t0 := time.Now()
	if err := rn.setup(ctx, 4); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	fmt.Printf("setup: %d accounts signed in and primed in %s\n", len(plan.Users), time.Since(t0).Round(time.Millisecond))
	memCtx, stopMem := context.WithCancel(ctx)
	defer stopMem()
	if len(mem.pids) > 0 {
		go mem.follow(memCtx)
		time.Sleep(200 * time.Millisecond)
	}

	fmt.Printf("steps of %s, open loop, at most %d in flight; p99 limit %s\n", *stepFor, *conns, *limit)
	fmt.Printf("%7s %9s %8s %7s %7s %7s %8s %6s %7s %8s\n", "target", "achieved", "requests", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "dropped", "cpu ms/r")
	var done []*stepStats
	var best, over *stepStats
	for _, rate := range steps {
		st := rn.step(ctx, rate, *stepFor, mem.pids)
		ok := st.passed(*limit)
		st.printLine(os.Stdout, ok)
		done = append(done, st)
		if ok && over == nil {
			best = st
		} else if over == nil {
			over = st
		}
		if (!ok && !*all) || rn.budget.Load() <= 0 {
			break
		}
	}
	loadEnded := time.Now()
	errors := map[string]int{}
	total, requests := 0, 0
	classes := map[string]int{}
	for _, st := range done {
		requests += st.finished
		for c, n := range st.byClass {
			classes[c] += n
		}
		for e, n := range st.errors {
			errors[e] += n
			total += n
		}
	}
	if best != nil {
		fmt.Printf("sustained: %.0f requests/s with p99 %s ms, 0 errors (step of %.0f)\n", best.achieved(), ms(quantile(best.lat, 0.99)), best.rate)
		fmt.Println("per request at the sustained step:")
		best.printOps(os.Stdout)
	} else {
		fmt.Println("sustained: no step stayed under the limit")
	}
	if over != nil {
		fmt.Printf("per request at the first step over the limit (%.0f):\n", over.rate)
		over.printOps(os.Stdout)
	}
	if requests > 0 {
		fmt.Printf("whole run: %d requests, %.1f%% reads, %.1f%% writes, %.1f%% sign-in requests\n", requests,
			100*float64(classes["read"])/float64(requests), 100*float64(classes["write"])/float64(requests),
			100*float64(classes["login"])/float64(requests))
	}
	fmt.Printf("errors: %d\n", total)
	keys := make([]string, 0, len(errors))
	for e := range errors {
		keys = append(keys, e)
	}
	sort.Strings(keys)
	for _, e := range keys {
		fmt.Printf("  %6d × %s\n", errors[e], e)
	}
	if len(mem.pids) > 0 {
		// The end is read after the load has stopped and the server had a moment to settle.
		time.Sleep(max(0, 5*time.Second-time.Since(loadEnded)))
		stopMem()
		end, endAnon := readRSS(mem.pids)
		mem.mu.Lock()
		peak, peakAnon := max(mem.peak, end), max(mem.peakAnon, endAnon)
		mem.mu.Unlock()
		fmt.Printf("server RSS: start %s, peak %s, end %s (5 s after the load; end/peak %.0f%%)\n",
			mib(mem.start), mib(peak), mib(end), 100*float64(end)/float64(peak))
		fmt.Printf("  of which anonymous (RssAnon, not mapped files): start %s, peak %s, end %s (end/peak %.0f%%)\n",
			mib(mem.startAnon), mib(peakAnon), mib(endAnon), 100*float64(endAnon)/float64(peakAnon))
	}
	if total > 0 {
		return fmt.Errorf("%d errors", total)
	}
	return nil
}
