package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// runner replays the day at a stepped, open-loop rate: requests start on a schedule whatever
// the answers' pace, as independent people's clicks do, so a slow server shows as latency (and
// as requests that could not start because the in-flight cap was reached, counted as dropped),
// not as a politely slower client.
type runner struct {
	l        *loader
	plan     *Plan
	byRole   map[string][]*vu
	inflight chan struct{}
	budget   atomic.Int64 // requests still allowed in the whole run
	seed     uint64
	seq      atomic.Uint64
}

// stepStats is what one step measured.
type stepStats struct {
	mu       sync.Mutex
	rate     float64
	lat      []time.Duration
	byOp     map[string][]time.Duration
	byClass  map[string]int
	errors   map[string]int
	dropped  int
	elapsed  time.Duration
	finished int
	cpu      time.Duration // the servers' CPU time over the step (user and system), when followed
}

func newStepStats(rate float64) *stepStats {
	return &stepStats{rate: rate, byOp: map[string][]time.Duration{}, byClass: map[string]int{}, errors: map[string]int{}}
}

func (s *stepStats) record(class, op string, d time.Duration, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lat = append(s.lat, d)
	s.byOp[op] = append(s.byOp[op], d)
	s.byClass[class]++
	s.finished++
	if err != nil {
		s.errors[err.Error()]++
	}
}

func (s *stepStats) errorCount() int {
	n := 0
	for _, c := range s.errors {
		n += c
	}
	return n
}

func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sorted := append([]time.Duration(nil), ds...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	return sorted[int(q*float64(len(sorted)-1))]
}

func (s *stepStats) achieved() float64 { return float64(s.finished) / s.elapsed.Seconds() }

// passed: p99 under the limit, no error, nothing dropped, and the rate actually reached.
func (s *stepStats) passed(limit time.Duration) bool {
	return s.finished > 0 && quantile(s.lat, 0.99) <= limit && s.errorCount() == 0 && s.dropped == 0 &&
		s.achieved() >= 0.95*s.rate
}

func newRunner(l *loader, plan *Plan, conns int, maxRequests int64, seed uint64) *runner {
	rn := &runner{l: l, plan: plan, byRole: map[string][]*vu{}, inflight: make(chan struct{}, conns), seed: seed}
	rn.budget.Store(maxRequests)
	for _, u := range plan.Users {
		rn.byRole[u.Role] = append(rn.byRole[u.Role], &vu{PlanUser: u})
	}
	return rn
}

func (rn *runner) rand() *rand.Rand { return rand.New(rand.NewPCG(rn.seed, rn.seq.Add(1))) }

// setup signs every account in and has each read what its writes need (its bookings' pages, a
// freelancer's open answers); none of it is measured.
func (rn *runner) setup(ctx context.Context, workers int) error {
	var all []*vu
	for _, role := range []string{RoleAdmin, RoleClient, RoleDepartment, RoleFreelancer} {
		all = append(all, rn.byRole[role]...)
	}
	jobs := make(chan *vu)
	errs := make(chan error, len(all))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range jobs {
				errs <- rn.prime(ctx, v)
			}
		}()
	}
	for _, v := range all {
		jobs <- v
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (rn *runner) prime(ctx context.Context, v *vu) error {
	var failed error
	rec := func(_ string, _ time.Time, err error) {
		if err != nil && failed == nil {
			failed = err
		}
	}
	if err := rn.l.login(ctx, v, rec); err != nil {
		return fmt.Errorf("%s: %w", v.Email, err)
	}
	switch v.Role {
	case RoleAdmin, RoleClient:
		// One booking's page, so an administrator has placements to offer work on.
		d := rn.plan.DeptBooking[len(v.Email)%len(rn.plan.DeptBooking)]
		var b bookingView
		if _, err := rn.l.do(ctx, v.sess.Load(), "booking detail", http.MethodGet, fmt.Sprintf("/booking/%d", d[0]), nil, &b, nil); err != nil {
			return fmt.Errorf("%s: %w", v.Email, err)
		}
		v.learn(rn.plan, &b)
	case RoleDepartment:
		for _, id := range v.Owned {
			var b bookingView
			if _, err := rn.l.do(ctx, v.sess.Load(), "booking detail", http.MethodGet, fmt.Sprintf("/booking/%d", id), nil, &b, nil); err != nil {
				return fmt.Errorf("%s: %w", v.Email, err)
			}
			v.learn(rn.plan, &b)
		}
	case RoleFreelancer:
		var a struct {
			Items []struct {
				BookingID    int64 `json:"bookingId"`
				Instructions []struct {
					ID             int64  `json:"id"`
					Version        int64  `json:"version"`
					CanAccept      bool   `json:"canAccept"`
					SupplierStatus string `json:"supplierStatus"`
				} `json:"instructions"`
			} `json:"items"`
		}
		if _, err := rn.l.do(ctx, v.sess.Load(), "agenda", http.MethodGet, "/agenda?as=freelancer&tab=outstanding&page=1&pageSize=200", nil, &a, nil); err != nil {
			return fmt.Errorf("%s: %w", v.Email, err)
		}
		for _, c := range a.Items {
			v.booking = c.BookingID
			for _, in := range c.Instructions {
				if in.CanAccept && in.SupplierStatus == "awaiting_response" {
					v.targets = append(v.targets, target{ID: in.ID, Version: in.Version})
				}
			}
		}
	}
	return failed
}

// one does one action of the day: a class by the traffic's shares, a role by the accounts'
// shares, an account of that role, and an action of that role's menu.
func (rn *runner) one(ctx context.Context, st *stepStats) {
	r := rn.rand()
	class := "read"
	switch n := r.IntN(2*readShare + 2*writeShare + loginShare); {
	case n >= 2*readShare+2*writeShare:
		class = "login"
	case n >= 2*readShare:
		class = "write"
	}
	role := RoleDepartment
	n := r.IntN(100)
	for _, rs := range roleShares {
		if n < rs.share {
			role = rs.role
			break
		}
		n -= rs.share
	}
	pool := rn.byRole[role]
	rec := func(op string, start time.Time, err error) { st.record(class, op, time.Since(start), err) }
	if class == "read" {
		v := pool[r.IntN(len(pool))]
		pick(r, menus[role].reads)(ctx, rn.l, rn.plan, v, r, rec)
		return
	}
	// A write or a sign-in is one person's one thing at a time: take an idle account of the
	// role, or wait for one.
	var v *vu
	for try := 0; try < 5 && v == nil; try++ {
		if c := pool[r.IntN(len(pool))]; c.mu.TryLock() {
			v = c
		}
	}
	if v == nil {
		v = pool[r.IntN(len(pool))]
		v.mu.Lock()
	}
	defer v.mu.Unlock()
	if class == "login" {
		_ = rn.l.login(ctx, v, rec)
		return
	}
	pick(r, menus[role].writes)(ctx, rn.l, rn.plan, v, r, rec)
}

// step runs the day at rate requests a second for d (a sign-in's two requests start together,
// so the schedule counts them as two).
func (rn *runner) step(ctx context.Context, rate float64, d time.Duration, pids []int) *stepStats {
	st := newStepStats(rate)
	cpu0 := cpuTime(pids)
	var wg sync.WaitGroup
	start := time.Now()
	launched := 0.0
	for {
		elapsed := time.Since(start)
		if elapsed >= d || rn.budget.Load() <= 0 {
			break
		}
		due := elapsed.Seconds()*rate - launched
		for ; due >= 1; due-- {
			launched++
			if rn.budget.Add(-1) < 0 {
				break
			}
			select {
			case rn.inflight <- struct{}{}:
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { <-rn.inflight }()
					rn.one(ctx, st)
				}()
			default:
				st.mu.Lock()
				st.dropped++
				st.mu.Unlock()
			}
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	st.elapsed = time.Since(start)
	st.cpu = cpuTime(pids) - cpu0
	return st
}

// rss follows the resident memory of the server processes (VmRSS, summed) until stop.
type rss struct {
	pids []int
	// VmRSS and RssAnon (what the process allocated; VmRSS adds the file pages it maps, such
	// as SQLite's mapped database, which the kernel may drop at any time).
	start, peak, startAnon, peakAnon int64
	mu                               sync.Mutex
}

// readRSS sums the processes' VmRSS and RssAnon, in KiB.
func readRSS(pids []int) (total, anon int64) {
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.Fields(line)
			if len(f) < 2 {
				continue
			}
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			switch f[0] {
			case "VmRSS:":
				total += kb
			case "RssAnon:":
				anon += kb
			}
		}
	}
	return total, anon
}

func (m *rss) follow(ctx context.Context) {
	m.start, m.startAnon = readRSS(m.pids)
	m.peak, m.peakAnon = m.start, m.startAnon
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if v, anon := readRSS(m.pids); v > 0 {
				m.mu.Lock()
				m.peak, m.peakAnon = max(m.peak, v), max(m.peakAnon, anon)
				m.mu.Unlock()
			}
		}
	}
}

func mib(kb int64) string { return fmt.Sprintf("%.0f MiB", float64(kb)/1024) }

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

// cpuTime is the user and system CPU time the processes have used (/proc/PID/stat, in clock
// ticks of 1/100 s): unlike latency, the server's CPU per request barely moves when other work
// shares the cores.
func cpuTime(pids []int) time.Duration {
	var ticks int64
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// The command name may hold spaces: count fields after its closing parenthesis.
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) > 12 {
			u, _ := strconv.ParseInt(f[11], 10, 64)
			s, _ := strconv.ParseInt(f[12], 10, 64)
			ticks += u + s
		}
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

func (s *stepStats) printLine(w io.Writer, ok bool) {
	verdict := "ok"
	if !ok {
		verdict = "OVER"
	}
	cpu := "-"
	if s.cpu > 0 && s.finished > 0 {
		cpu = fmt.Sprintf("%.2f", float64(s.cpu.Microseconds())/1000/float64(s.finished))
	}
	fmt.Fprintf(w, "%7.0f %9.0f %8d %7s %7s %7s %8s %6d %7d %8s  %s\n", s.rate, s.achieved(), s.finished,
		ms(quantile(s.lat, 0.5)), ms(quantile(s.lat, 0.95)), ms(quantile(s.lat, 0.99)), ms(quantile(s.lat, 1)),
		s.errorCount(), s.dropped, cpu, verdict)
}

func (s *stepStats) printOps(w io.Writer) {
	ops := make([]string, 0, len(s.byOp))
	for op := range s.byOp {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return quantile(s.byOp[ops[i]], 0.99) > quantile(s.byOp[ops[j]], 0.99) })
	fmt.Fprintf(w, "  %-38s %7s %7s %7s %7s\n", "request", "count", "p50 ms", "p95 ms", "p99 ms")
	for _, op := range ops {
		ds := s.byOp[op]
		fmt.Fprintf(w, "  %-38s %7d %7s %7s %7s\n", op, len(ds), ms(quantile(ds, 0.5)), ms(quantile(ds, 0.95)), ms(quantile(ds, 0.99)))
	}
	total := float64(s.finished)
	fmt.Fprintf(w, "  mix: %.1f%% reads, %.1f%% writes, %.1f%% sign-in requests\n",
		100*float64(s.byClass["read"])/total, 100*float64(s.byClass["write"])/total, 100*float64(s.byClass["login"])/total)
}
