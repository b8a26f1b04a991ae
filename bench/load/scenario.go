package main

// The day's traffic: what each kind of account does, as the web app calls it (the calls and
// their parameters are those of web/src/features/*: the scheduler's month summary and grid, the
// agenda and its tab counts, search, the lists, a booking's page, and the answers and edits
// made there).

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"
)

// recorder takes one request's outcome.
type recorder func(op string, start time.Time, err error)

// action is one thing an account does: one request (a sign-in is two).
type action func(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder)

type weighted struct {
	w  int
	fn action
}

// menu is what one role does, per class of request.
type menu struct{ reads, writes []weighted }

// Shares of the traffic by class, in requests: 70% reads, 25% writes, 5% sign-ins (each of two
// requests, so half as many sign-ins are started).
const (
	readShare  = 70
	writeShare = 25
	loginShare = 5
)

// Shares of the accounts acting, by role: department managers do most of the day's work.
var roleShares = []struct {
	role  string
	share int
}{{RoleDepartment, 50}, {RoleFreelancer, 30}, {RoleClient, 17}, {RoleAdmin, 3}}

func pick(r *rand.Rand, ws []weighted) action {
	total := 0
	for _, w := range ws {
		total += w.w
	}
	n := r.IntN(total)
	for _, w := range ws {
		if n < w.w {
			return w.fn
		}
		n -= w.w
	}
	return ws[len(ws)-1].fn
}

// get is a read of path as v, recorded as op.
func get(ctx context.Context, l *loader, v *vu, rec recorder, op, path string) {
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), op, http.MethodGet, path, nil, nil, nil)
	rec(op, t0, err)
}

func (p *Plan) month(r *rand.Rand) (string, string) {
	m0, _ := time.Parse(time.DateOnly, p.Month0)
	start := m0.AddDate(0, r.IntN(p.Months), 0)
	return start.Format(time.DateOnly), start.AddDate(0, 1, -1).Format(time.DateOnly)
}

func ids(name string, v ...int64) string {
	q := url.Values{}
	for _, id := range v {
		q.Add(name, strconv.FormatInt(id, 10))
	}
	return q.Encode()
}

// --- reads ---

func whoami(ctx context.Context, l *loader, _ *Plan, v *vu, _ *rand.Rand, rec recorder) {
	get(ctx, l, v, rec, "whoami", "/account/whoami")
}

func notificationStats(ctx context.Context, l *loader, _ *Plan, v *vu, _ *rand.Rand, rec recorder) {
	get(ctx, l, v, rec, "notification stats", "/notification/stats")
}

func notifications(ctx context.Context, l *loader, _ *Plan, v *vu, _ *rand.Rand, rec recorder) {
	get(ctx, l, v, rec, "notifications", "/notification?page=1&pageSize=20")
}

// summary is the scheduler's month (overviewOnly, each day's first three groups as the web asks
// for them): a department manager's department, a client manager's client, an administrator's
// Global View.
func summary(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	s, e := p.month(r)
	q := "startDate=" + s + "&endDate=" + e + "&grouped=true&overviewOnly=true&groupsPerDay=3"
	op := "month summary (" + v.Role + ")"
	switch v.Role {
	case RoleDepartment:
		q += "&" + ids("departmentIds", p.Departments[v.Dept])
	case RoleClient:
		q += "&" + ids("clientIds", p.Client)
	}
	get(ctx, l, v, rec, op, "/booking/summary?"+q)
}

// grid is the scheduler's grid page: the first 50 instruction rows of the month.
func grid(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	s, e := p.month(r)
	q := "startDate=" + s + "&endDate=" + e + "&grouped=false&cancelledOnly=false&includeDeleted=false&page=1&pageSize=50&sort=-modified"
	if v.Role == RoleDepartment {
		q += "&" + ids("departmentIds", p.Departments[v.Dept])
	}
	get(ctx, l, v, rec, "grid first page ("+v.Role+")", "/booking/summary?"+q)
}

var managerTabs = []string{"awaiting_confirmation", "outstanding", "confirmed", "critical", "archived"}

func agendaAs(v *vu) string {
	if v.Role == RoleFreelancer {
		return "freelancer"
	}
	return "manager"
}

func agenda(ctx context.Context, l *loader, _ *Plan, v *vu, r *rand.Rand, rec recorder) {
	tab := managerTabs[r.IntN(len(managerTabs))]
	get(ctx, l, v, rec, "agenda ("+v.Role+")", "/agenda?as="+agendaAs(v)+"&tab="+tab+"&page=1&pageSize=20")
}

func agendaStats(ctx context.Context, l *loader, _ *Plan, v *vu, _ *rand.Rand, rec recorder) {
	get(ctx, l, v, rec, "agenda tab counts ("+v.Role+")", "/agenda/stats?as="+agendaAs(v))
}

var globalQueries = []string{"camera", "turner", "load booking 12", "bench department", "ld-0042", "patel", "northern", "sound"}

func globalSearch(ctx context.Context, l *loader, _ *Plan, v *vu, r *rand.Rand, rec recorder) {
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), "search", http.MethodPost, "/search",
		map[string]any{"data": map[string]any{"query": globalQueries[r.IntN(len(globalQueries))]}}, nil, nil)
	rec("search", t0, err)
}

// advancedSearch is the freelancer search: two skills within 25 miles of a town, free for a
// week, by price (as searchbench's benchmark).
func advancedSearch(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), "advanced search", http.MethodPost, "/search", advancedSearchBody(p, r), nil, nil)
	rec("advanced search", t0, err)
}

func bookingList(ctx context.Context, l *loader, p *Plan, v *vu, _ *rand.Rand, rec recorder) {
	q := "page=1&pageSize=20"
	if v.Role == RoleDepartment {
		q += "&" + ids("departmentIds", p.Departments[v.Dept])
	}
	get(ctx, l, v, rec, "booking list", "/booking?"+q)
}

func usersPage(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	q := "page=1&pageSize=20&role=freelancer"
	if r.IntN(4) == 0 { // a quarter of the visits look someone up by name
		q += "&search=" + url.QueryEscape(p.Surnames[r.IntN(len(p.Surnames))])
	}
	get(ctx, l, v, rec, "All Users page", "/account?"+q)
}

// bookingView is the part of GET /booking/{id} the writes need.
type bookingView struct {
	DepartmentID int64 `json:"departmentId"`
	Placements   []struct {
		ID           int64  `json:"id"`
		Revision     int64  `json:"revision"`
		Title        string `json:"title"`
		StartTime    string `json:"startTime"`
		EndTime      string `json:"endTime"`
		UnpaidBreaks int64  `json:"unpaidBreaks"`
		Instructions []struct {
			ID             int64  `json:"id"`
			Version        int64  `json:"version"`
			UserID         int64  `json:"userId"`
			CanAccept      bool   `json:"canAccept"`
			ClientStatus   string `json:"clientStatus"`
			SupplierStatus string `json:"supplierStatus"`
		} `json:"instructions"`
	} `json:"placements"`
}

// bookingDetail opens a booking's page: a department manager one of their own (and learns its
// versions, unless they wrote since asking), a client manager or administrator any of the
// client's, a freelancer their crew booking.
func bookingDetail(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	var id int64
	switch {
	case v.Role == RoleDepartment:
		id = v.Owned[r.IntN(len(v.Owned))]
	case v.Role == RoleFreelancer && v.booking != 0:
		id = v.booking
	default:
		d := p.DeptBooking[r.IntN(len(p.DeptBooking))]
		id = d[r.IntN(len(d))]
	}
	var into *bookingView
	if v.Role != RoleFreelancer {
		into = &bookingView{}
	}
	seq := v.writes.Load()
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), "booking detail", http.MethodGet, fmt.Sprintf("/booking/%d", id), nil, intoAny(into), nil)
	rec("booking detail", t0, err)
	if err == nil && into != nil && v.mu.TryLock() {
		if v.writes.Load() == seq {
			v.learn(p, into)
		}
		v.mu.Unlock()
	}
}

// intoAny keeps a nil *bookingView a nil interface, so the body is discarded unread.
func intoAny(b *bookingView) any {
	if b == nil {
		return nil
	}
	return b
}

// learn takes a department manager's booking page: the placements with their revisions and the
// instructions they may accept on the client's side, leaving out the crew freelancers' own
// answers (the freelancers of the sign-in pool never have an instruction open on both sides).
func (v *vu) learn(p *Plan, b *bookingView) {
	dept := slices.Index(p.Departments, b.DepartmentID)
	if dept < 0 {
		return
	}
	for _, pl := range b.Placements {
		v.places = upsertPlacement(v.places, placement{ID: pl.ID, Revision: pl.Revision, Title: pl.Title,
			Start: pl.StartTime, End: pl.EndTime, UnpaidBreaks: pl.UnpaidBreaks, Dept: dept})
		if v.Role != RoleDepartment {
			continue // only a department manager answers or amends: they own their bookings' versions
		}
		for _, in := range pl.Instructions {
			if in.CanAccept && in.ClientStatus == "awaiting_response" && in.SupplierStatus != "awaiting_response" {
				v.targets = upsertTarget(v.targets, target{ID: in.ID, Version: in.Version})
			}
		}
	}
}

func upsertPlacement(ps []placement, p placement) []placement {
	for i := range ps {
		if ps[i].ID == p.ID {
			p.Edits = ps[i].Edits
			ps[i] = p
			return ps
		}
	}
	return append(ps, p)
}

func upsertTarget(ts []target, t target) []target {
	for i := range ts {
		if ts[i].ID == t.ID {
			ts[i] = t
			return ts
		}
	}
	return append(ts, t)
}

// --- writes (each under v.mu) ---

// offer instructs a freelancer of the department's roster into one to three consecutive
// placements of a booking whose page the manager read (Invite on the booking's page).
func offer(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	if len(v.places) == 0 {
		// The placements are known from the booking's page: read it first.
		bookingDetail(ctx, l, p, v, r, rec)
		return
	}
	k := r.IntN(len(v.places))
	places := []int64{v.places[k].ID}
	for j, n := k+1, 1+r.IntN(3); j < len(v.places) && len(places) < n && v.places[j].ID == places[len(places)-1]+1; j++ {
		places = append(places, v.places[j].ID)
	}
	dept := v.places[k].Dept
	user := p.Roster[dept][r.IntN(len(p.Roster[dept]))]
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), "offer (grant)", http.MethodPost, fmt.Sprintf("/placement/%d/grant", places[0]),
		map[string]any{"userIds": []int64{user}, "placementIds": places}, nil, nil)
	v.writes.Add(1)
	rec("offer (grant)", t0, err)
}

// accept answers the oldest instruction the account may accept: a manager on the client's
// side, a freelancer on their own.
func accept(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	if len(v.targets) == 0 {
		fallbackWrite(ctx, l, p, v, r, rec)
		return
	}
	t := v.targets[0]
	v.targets = v.targets[1:]
	side := "clientStatus"
	if v.Role == RoleFreelancer {
		side = "supplierStatus"
	}
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), "accept", http.MethodPatch, "/instruction/status",
		[]map[string]any{{"id": t.ID, "version": t.Version, side: "accepted"}}, nil, nil)
	v.writes.Add(1)
	rec("accept", t0, err)
}

// amend changes a placement's notes for the supplier (times kept, so nobody's work overlaps).
func amend(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	if len(v.places) == 0 {
		offer(ctx, l, p, v, r, rec)
		return
	}
	pl := &v.places[r.IntN(len(v.places))]
	pl.Edits++
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), "amend placement", http.MethodPatch, "/placements",
		[]map[string]any{{"id": pl.ID, "revision": pl.Revision, "title": pl.Title, "startTime": pl.Start, "endTime": pl.End,
			"unpaidBreaks": pl.UnpaidBreaks, "supplierNotes": fmt.Sprintf("Call time 08:30, gate B (edit %d)", pl.Edits)}}, nil, nil)
	v.writes.Add(1)
	if err == nil {
		pl.Revision++
	}
	rec("amend placement", t0, err)
}

// note writes an internal note about a freelancer of the roster, for the client.
func note(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	dept := r.IntN(len(p.Roster))
	f := p.Roster[dept][r.IntN(len(p.Roster[dept]))]
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), "internal note", http.MethodPatch, "/account/update-internal-note",
		map[string]any{"freelancer_id": f, "user_id": v.ID, "entity_id": p.Client, "title": "Availability",
			"description": "Prefers early calls; has own kit.", "created_at": time.Now().UTC().Format(time.RFC3339)}, nil, nil)
	v.writes.Add(1)
	rec("internal note", t0, err)
}

// unavailable marks, then clears, one far-off day of a freelancer's calendar.
func unavailable(ctx context.Context, l *loader, _ *Plan, v *vu, _ *rand.Rand, rec recorder) {
	method, op := http.MethodPost, "mark unavailable"
	if v.unavail {
		method, op = http.MethodDelete, "clear unavailable"
	}
	t0 := time.Now()
	_, err := l.do(ctx, v.sess.Load(), op, method, "/unavailability", map[string]any{"dates": []string{"2028-03-01"}}, nil, nil)
	v.writes.Add(1)
	if err == nil {
		v.unavail = !v.unavail
	}
	rec(op, t0, err)
}

func fallbackWrite(ctx context.Context, l *loader, p *Plan, v *vu, r *rand.Rand, rec recorder) {
	switch v.Role {
	case RoleFreelancer:
		unavailable(ctx, l, p, v, r, rec)
	case RoleDepartment:
		amend(ctx, l, p, v, r, rec)
	default:
		offer(ctx, l, p, v, r, rec)
	}
}

var menus = map[string]menu{
	RoleDepartment: {
		reads: []weighted{{10, whoami}, {8, notificationStats}, {12, summary}, {5, grid}, {12, agenda}, {8, agendaStats},
			{6, globalSearch}, {4, advancedSearch}, {5, bookingList}, {15, bookingDetail}, {5, usersPage}, {3, notifications}},
		// A department manager belongs to a department, not an entity, so writes no internal note.
		writes: []weighted{{35, offer}, {35, accept}, {30, amend}},
	},
	RoleClient: {
		reads: []weighted{{10, whoami}, {8, notificationStats}, {15, summary}, {5, grid}, {10, agenda}, {8, agendaStats},
			{8, globalSearch}, {6, advancedSearch}, {5, bookingList}, {10, bookingDetail}, {8, usersPage}, {3, notifications}},
		writes: []weighted{{60, note}, {40, offer}},
	},
	RoleAdmin: { // an administrator belongs to no entity, so writes no internal note
		reads: []weighted{{10, whoami}, {8, notificationStats}, {12, summary}, {5, grid}, {10, agenda}, {8, agendaStats},
			{8, globalSearch}, {4, advancedSearch}, {5, bookingList}, {10, bookingDetail}, {12, usersPage}, {3, notifications}},
		writes: []weighted{{100, offer}},
	},
	RoleFreelancer: {
		reads:  []weighted{{15, whoami}, {10, notificationStats}, {25, agenda}, {15, agendaStats}, {10, bookingDetail}, {5, notifications}},
		writes: []weighted{{60, accept}, {40, unavailable}},
	},
}
