package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
)

// A page is the API calls one screen makes when it opens, issued together as the web app does;
// its time is until the last answer arrives.
type page struct {
	name  string
	roles []string
	calls func(p *Plan, v *vu, r *rand.Rand) []call
}

// call is one request of a page.
type call struct {
	op, method, path string
	body             any
	into             any
	then             func(l *loader, v *vu) []call // calls the answer leads to (a booking's suppliers)
}

func getCall(op, path string) call { return call{op: op, method: http.MethodGet, path: path} }

var everyManager = []string{RoleAdmin, RoleClient, RoleDepartment}

// pages are the main screens and what each asks for, per role (web/src/features/*/api).
var pages = []page{
	{"scheduler month", everyManager, func(p *Plan, v *vu, r *rand.Rand) []call {
		return []call{getCall("month summary", summaryPath(p, v, r))}
	}},
	{"Global View", []string{RoleAdmin}, func(p *Plan, _ *vu, r *rand.Rand) []call {
		s, e := p.month(r)
		return []call{getCall("month summary, every client", "/booking/summary?startDate="+s+"&endDate="+e+"&grouped=true&overviewOnly=true&groupsPerDay=3")}
	}},
	{"grid, first page", everyManager, func(p *Plan, v *vu, r *rand.Rand) []call {
		s, e := p.month(r)
		q := "startDate=" + s + "&endDate=" + e + "&grouped=false&cancelledOnly=false&includeDeleted=false&page=1&pageSize=50&sort=-modified"
		if v.Role == RoleDepartment {
			q += "&" + ids("departmentIds", p.Departments[v.Dept])
		}
		return []call{getCall("grid", "/booking/summary?"+q)}
	}},
	{"agenda", []string{RoleAdmin, RoleClient, RoleDepartment, RoleFreelancer}, func(_ *Plan, v *vu, r *rand.Rand) []call {
		tab := managerTabs[r.IntN(len(managerTabs))]
		if v.Role == RoleFreelancer {
			tab = "outstanding"
		}
		return []call{
			getCall("agenda", "/agenda?as="+agendaAs(v)+"&tab="+tab+"&page=1&pageSize=20"),
			getCall("agenda tab counts", "/agenda/stats?as="+agendaAs(v)),
		}
	}},
	{"booking page with available suppliers", everyManager, func(p *Plan, v *vu, r *rand.Rand) []call {
		b := &bookingPage{}
		return []call{{op: "booking detail", method: http.MethodGet, path: fmt.Sprintf("/booking/%d", bookingOf(p, v, r)), into: b,
			then: func(*loader, *vu) []call { return b.suppliers() }}}
	}},
	{"booking page", []string{RoleFreelancer}, func(p *Plan, v *vu, r *rand.Rand) []call {
		if v.booking == 0 {
			return nil
		}
		return []call{getCall("booking detail", fmt.Sprintf("/booking/%d", v.booking))}
	}},
	{"search", everyManager, func(_ *Plan, _ *vu, r *rand.Rand) []call {
		return []call{{op: "search", method: http.MethodPost, path: "/search",
			body: map[string]any{"data": map[string]any{"query": globalQueries[r.IntN(len(globalQueries))]}}}}
	}},
	{"advanced search", everyManager, func(p *Plan, _ *vu, r *rand.Rand) []call {
		return []call{{op: "advanced search", method: http.MethodPost, path: "/search", body: advancedSearchBody(p, r)}}
	}},
	{"All Users", []string{RoleAdmin, RoleClient}, func(p *Plan, _ *vu, r *rand.Rand) []call {
		q := "page=1&pageSize=20&role=freelancer"
		if r.IntN(4) == 0 {
			q += "&search=" + url.QueryEscape(p.Surnames[r.IntN(len(p.Surnames))])
		}
		return []call{getCall("All Users", "/account?"+q)}
	}},
	{"notifications", []string{RoleAdmin, RoleClient, RoleDepartment, RoleFreelancer}, func(*Plan, *vu, *rand.Rand) []call {
		return []call{getCall("notifications", "/notification?page=1&pageSize=20"), getCall("notification counts", "/notification/stats")}
	}},
	{"dashboard", []string{RoleAdmin, RoleClient}, func(p *Plan, _ *vu, r *rand.Rand) []call {
		s, e := p.month(r)
		return []call{getCall("dashboard", "/dashboard/stats?startDate="+s+"&endDate="+e)}
	}},
	{"reports: Bookings for a month", []string{RoleAdmin}, func(p *Plan, _ *vu, r *rand.Rand) []call {
		s, e := p.month(r)
		return []call{{op: "bookings report", method: http.MethodPost, path: "/administration/report",
			body: map[string]any{"reportType": "bookings", "clientIds": []int64{p.Client}, "startDate": s, "endDate": e}}}
	}},
}

func summaryPath(p *Plan, v *vu, r *rand.Rand) string {
	s, e := p.month(r)
	q := "startDate=" + s + "&endDate=" + e + "&grouped=true&overviewOnly=true&groupsPerDay=3"
	switch v.Role {
	case RoleDepartment:
		q += "&" + ids("departmentIds", p.Departments[v.Dept])
	case RoleClient:
		q += "&" + ids("clientIds", p.Client)
	}
	return "/booking/summary?" + q
}

func bookingOf(p *Plan, v *vu, r *rand.Rand) int64 {
	if v.Role == RoleDepartment {
		return v.Owned[r.IntN(len(v.Owned))]
	}
	d := p.DeptBooking[r.IntN(len(p.DeptBooking))]
	return d[r.IntN(len(d))]
}

// bookingPage is what a booking's page needs of the detail to ask for available suppliers:
// the placements of its first placement template, up to the 20 a booker selects at most here.
type bookingPage struct {
	ID         int64 `json:"id"`
	Placements []struct {
		ID                  int64  `json:"id"`
		PlacementTemplateID *int64 `json:"placementTemplateId"`
	} `json:"placements"`
}

func (b *bookingPage) suppliers() []call {
	var tmpl int64
	var placements []int64
	for _, pl := range b.Placements {
		if pl.PlacementTemplateID == nil || (tmpl != 0 && *pl.PlacementTemplateID != tmpl) || len(placements) == 20 {
			continue
		}
		tmpl = *pl.PlacementTemplateID
		placements = append(placements, pl.ID)
	}
	if tmpl == 0 {
		return nil
	}
	return []call{getCall("available suppliers",
		fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers?%s", b.ID, tmpl, ids("placementIds", placements...)))}
}

func advancedSearchBody(p *Plan, r *rand.Rand) map[string]any {
	towns := []struct {
		name     string
		lat, lng float64
	}{{"London", 51.5072, -0.1276}, {"Manchester", 53.4808, -2.2426}, {"Leeds", 53.8008, -1.5491}, {"Bristol", 51.4545, -2.5879}}
	t := towns[r.IntN(len(towns))]
	m0, _ := time.Parse(time.DateOnly, p.Month0)
	start := m0.AddDate(0, 0, r.IntN(150))
	return map[string]any{"data": map[string]any{
		"skills":   []int64{p.Skills[r.IntN(4)], p.Skills[4+r.IntN(5)]},
		"location": map[string]any{"location_name": t.name, "latitude": t.lat, "longitude": t.lng}, "radius": 25,
		"startDate": start.Format(time.DateOnly), "endDate": start.AddDate(0, 0, 6).Format(time.DateOnly),
		"sort_key": "price",
	}}
}

// runPages opens every page of every role visits times, one page at a time (so each figure is
// the server's answer, not a queue), with an account of that role picked at random, and prints
// p50 / p95 of each page's time and of its slowest call.
func runPages(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("pages", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "the Hive to ask (127.0.0.1 only)")
	planPath := fs.String("plan", "load-plan.json", "the plan prepare wrote")
	visits := fs.Int("visits", 40, "how many times each page is opened per role")
	budget := fs.Duration("budget", 50*time.Millisecond, "the p95 each page's calls should stay under")
	label := fs.String("label", "", "a name for the run (the engine)")
	only := fs.String("only", "", "comma-separated beginnings of page names to open (all when empty): dashboard,reports")
	_ = fs.Parse(args)
	plan, err := readPlan(*planPath)
	if err != nil {
		return err
	}
	l := newLoader(*base, 32)
	rn := newRunner(l, plan, 32, 1<<40, 1)
	if err := rn.setup(ctx, 4); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	fmt.Printf("pages %s: %s; data set: %s; %d visits a page and role, one at a time\n", *label, *base, plan.Made, *visits)
	fmt.Printf("%-40s %-20s %8s %8s  %s\n", "page", "role", "p50 ms", "p95 ms", "slowest call (p95 ms)")
	missed := 0
	for _, pg := range pages {
		if !chosen(pg.name, *only) {
			continue
		}
		for _, role := range pg.roles {
			accounts := rn.byRole[role]
			if len(accounts) == 0 {
				continue
			}
			r := rn.rand()
			var times []time.Duration
			perCall := map[string][]time.Duration{}
			for i := 0; i < *visits; i++ {
				v := accounts[r.IntN(len(accounts))]
				d, calls, err := openPage(ctx, l, v, pg.calls(plan, v, r))
				if err != nil {
					return fmt.Errorf("%s as %s: %w", pg.name, role, err)
				}
				if calls == nil {
					continue
				}
				times = append(times, d)
				for op, cd := range calls {
					perCall[op] = append(perCall[op], cd)
				}
			}
			if len(times) == 0 {
				continue
			}
			p95 := quantile(times, 0.95)
			mark := ""
			if p95 > *budget {
				mark = "  over budget"
				missed++
			}
			fmt.Printf("%-40s %-20s %8s %8s  %s%s\n", pg.name, role, ms(quantile(times, 0.5)), ms(p95), slowest(perCall), mark)
		}
	}
	fmt.Printf("pages %s: %d page and role pairs over the %s budget at p95\n", *label, missed, *budget)
	return nil
}

// chosen is whether the page named name is among only's comma-separated beginnings of page
// names (every page when only is empty).
func chosen(name, only string) bool {
	if only == "" {
		return true
	}
	for _, prefix := range strings.Split(only, ",") {
		if prefix != "" && strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// openPage issues a page's calls together, then the calls their answers lead to, and returns
// the time until the last answer and each call's own time.
func openPage(ctx context.Context, l *loader, v *vu, calls []call) (time.Duration, map[string]time.Duration, error) {
	if len(calls) == 0 {
		return 0, nil, nil
	}
	t0 := time.Now()
	times := map[string]time.Duration{}
	var mu sync.Mutex
	var firstErr error
	for len(calls) > 0 {
		var next []call
		var wg sync.WaitGroup
		for _, c := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c0 := time.Now()
				_, err := l.do(ctx, v.sess.Load(), c.op, c.method, c.path, c.body, c.into, nil)
				mu.Lock()
				defer mu.Unlock()
				times[c.op] = time.Since(c0)
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil && c.then != nil {
					next = append(next, c.then(l, v)...)
				}
			}()
		}
		wg.Wait()
		calls = next
	}
	return time.Since(t0), times, firstErr
}

func slowest(perCall map[string][]time.Duration) string {
	type op struct {
		name string
		p95  time.Duration
	}
	var ops []op
	for name, ds := range perCall {
		ops = append(ops, op{name, quantile(ds, 0.95)})
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].p95 > ops[j].p95 })
	parts := make([]string, 0, len(ops))
	for _, o := range ops {
		parts = append(parts, o.name+" "+ms(o.p95))
	}
	return strings.Join(parts, ", ")
}
