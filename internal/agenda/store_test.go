package agenda

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// world is a department with one booking, written with plain SQL so the store is tested on
// its own; at is the clock the store is given.
type world struct {
	t                   *testing.T
	db                  *database.DB
	at                  time.Time
	dept, booking       int64
	freelancer, another int64
}

func newWorld(t *testing.T, db *database.DB) *world {
	w := &world{t: t, db: db, at: time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC)}
	client := w.insert(`INSERT INTO entities (name, name_lc, type, created_at, updated_at) VALUES ('Alpha', 'alpha', 'client', ?, ?) RETURNING id`)
	w.dept = w.insert(`INSERT INTO departments (client_id, name, name_lc, created_at, updated_at) VALUES (?, 'News', 'news', ?, ?) RETURNING id`, client)
	w.booking = w.insert(`INSERT INTO bookings (department_id, title, created_at, updated_at) VALUES (?, 'Cup Final', ?, ?) RETURNING id`, w.dept)
	w.freelancer = w.user("fran@agenda.test")
	w.another = w.user("ola@agenda.test")
	return w
}

func (w *world) insert(query string, args ...any) int64 {
	w.t.Helper()
	var id int64
	err := w.db.InTx(context.Background(), func(tx *database.Tx) error {
		return tx.Get(context.Background(), &id, query, append(args, tx.Now, tx.Now)...)
	})
	if err != nil {
		w.t.Fatalf("%s: %v", query, err)
	}
	return id
}

func (w *world) user(email string) int64 {
	return w.insert(`INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer, created_at, updated_at)
		VALUES (?, ?, 'Fran', 'Lancer', TRUE, ?, ?) RETURNING id`, email, email)
}

// placement adds an eight-hour placement starting start after the clock; cancelled soft-deletes it.
func (w *world) placement(start time.Duration, cancelled bool) int64 {
	s := w.at.Add(start)
	var deleted any
	if cancelled {
		deleted = w.at.Add(-time.Hour)
	}
	return w.insert(`INSERT INTO placements (booking_id, title, local_date, start_time, end_time, start_at, end_at, deleted_at,
		created_at, updated_at) VALUES (?, 'Camera', ?, '09:00', '17:00', ?, ?, ?, ?, ?) RETURNING id`,
		w.booking, s.Format(time.DateOnly), s, s.Add(8*time.Hour), deleted)
}

func (w *world) instruction(placement, user int64, s, c status.Status, deleted bool, substitutes int64) int64 {
	var del, sub any
	if deleted {
		del = w.at.Add(-time.Hour)
	}
	if substitutes != 0 {
		sub = substitutes
	}
	return w.insert(`INSERT INTO instructions (placement_id, booking_id, user_id, supplier_status, client_status, deleted_at,
		substitution_of_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		placement, w.booking, user, string(s), string(c), del, sub)
}

const (
	aw  = status.Awaiting
	acc = status.Accepted
	rej = status.Rejected
	can = status.Cancelled
)

// Each case is one placement, with the freelancer's instruction (none when supplier is empty)
// and the tabs the freelancer and a manager find it in (a manager's Archived holds all).
var tabCases = []struct {
	name             string
	start            time.Duration
	cancelled        bool
	supplier, client status.Status
	deleted          bool
	freelancer       Tab
	manager          []Tab
}{
	{"future, both awaiting", 72 * time.Hour, false, aw, aw, false, Outstanding, []Tab{Outstanding}},
	{"future, client accepted first", 72 * time.Hour, false, aw, acc, false, Outstanding, []Tab{Outstanding}},
	{"future, supplier accepted", 72 * time.Hour, false, acc, aw, false, AwaitingConfirmation, []Tab{AwaitingConfirmation}},
	{"future, both accepted", 72 * time.Hour, false, acc, acc, false, Confirmed, []Tab{Confirmed}},
	{"under way, both accepted", -2 * time.Hour, false, acc, acc, false, Confirmed, []Tab{Confirmed}},
	{"ended, both accepted", -72 * time.Hour, false, acc, acc, false, Archived, nil},
	{"ended, client never answered", -72 * time.Hour, false, acc, aw, false, Archived, nil},
	{"ended, supplier never answered", -72 * time.Hour, false, aw, aw, false, Archived, nil},
	{"future, rejected by the supplier", 72 * time.Hour, false, rej, aw, false, Archived, []Tab{Outstanding}},
	{"future, cancelled by the client", 72 * time.Hour, false, aw, can, false, Archived, []Tab{Outstanding}},
	{"placement cancelled", 72 * time.Hour, true, aw, can, true, Archived, nil},
	{"soon, both awaiting", 24 * time.Hour, false, aw, aw, false, Outstanding, []Tab{Outstanding, CriticalTab}},
	{"soon, supplier accepted", 24 * time.Hour, false, acc, aw, false, AwaitingConfirmation, []Tab{AwaitingConfirmation, CriticalTab}},
	{"soon, both accepted", 24 * time.Hour, false, acc, acc, false, Confirmed, []Tab{Confirmed}},
	{"soon, nobody instructed", 24 * time.Hour, false, "", "", false, "", []Tab{Outstanding, CriticalTab}},
	{"future, nobody instructed", 72 * time.Hour, false, "", "", false, "", []Tab{Outstanding}},
	{"ended, nobody instructed", -72 * time.Hour, false, "", "", false, "", nil},
}

var allTabs = []Tab{Outstanding, AwaitingConfirmation, Confirmed, CriticalTab, Archived}

func TestTabsOnATableOfCases(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		db.Now = func() time.Time { return w.at.UTC() }
		store := &Store{DB: db}
		wantF, wantM := map[Tab][]int64{}, map[Tab][]int64{}
		names := map[int64]string{}
		for _, c := range tabCases {
			p := w.placement(c.start, c.cancelled)
			names[p] = c.name
			if c.supplier != "" {
				w.instruction(p, w.freelancer, c.supplier, c.client, c.deleted, 0)
				wantF[c.freelancer] = append(wantF[c.freelancer], p)
			}
			for _, tab := range append(slices.Clone(c.manager), Archived) {
				wantM[tab] = append(wantM[tab], p)
			}
		}
		// Someone else accepted on a placement where the freelancer still awaits: the freelancer
		// sees only their own row; the manager finds the card in both tabs.
		shared := w.placement(96*time.Hour, false)
		names[shared] = "shared"
		w.instruction(shared, w.another, acc, acc, false, 0)
		w.instruction(shared, w.freelancer, aw, aw, false, 0)
		wantF[Outstanding] = append(wantF[Outstanding], shared)
		for _, tab := range []Tab{Outstanding, Confirmed, Archived} {
			wantM[tab] = append(wantM[tab], shared)
		}

		ctx := context.Background()
		fp := &auth.Principal{UserID: w.freelancer, Needs: auth.NeedSet{auth.NeedFreelancer: {}}}
		mp := &auth.Principal{UserID: w.another + 100, Needs: auth.NeedSet{auth.SelectDepartment(w.dept): {}}}
		views := []struct {
			q    Query
			p    *auth.Principal
			want map[Tab][]int64
		}{
			{Query{View: FreelancerView, UserID: w.freelancer}, fp, wantF},
			{Query{View: ManagerView, UserID: mp.UserID, Visible: database.SeesOnly([]int64{w.dept})}, mp, wantM},
		}
		for _, v := range views {
			st, err := store.Stats(ctx, v.q)
			if err != nil {
				t.Fatal(err)
			}
			counts := map[Tab]int{Outstanding: st.Outstanding, AwaitingConfirmation: st.AwaitingConfirmation,
				Confirmed: st.Confirmed, CriticalTab: st.Critical, Archived: st.Archived}
			for _, tab := range allTabs {
				q := v.q
				q.Tab, q.Limit = tab, 200
				list, err := store.List(ctx, q, CallerOf(v.p))
				if err != nil {
					t.Fatal(err)
				}
				var got []int64
				for _, c := range list.Items {
					got = append(got, c.Placement.ID)
				}
				want := v.want[tab]
				sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
				sorted := slices.Sorted(slices.Values(got))
				if !slices.Equal(sorted, want) || list.Total != len(want) || counts[tab] != len(want) {
					t.Errorf("%s %s: got %v (total %d, stats %d), want %v", v.q.View, tab, label(got, names), list.Total,
						counts[tab], label(want, names))
				}
			}
		}
	})
}

func label(ids []int64, names map[int64]string) []string {
	out := []string{}
	for _, id := range ids {
		out = append(out, fmt.Sprintf("%d %s", id, names[id]))
	}
	return out
}

func TestCardsSortShowSubstitutionsAndPage(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		db.Now = func() time.Time { return w.at.UTC() }
		store := &Store{DB: db}
		ctx := context.Background()
		var placements []int64
		for day := 5; day >= 1; day-- {
			placements = append(placements, w.placement(time.Duration(day)*24*time.Hour, false))
		}
		// On the first day the freelancer was replaced: the substitute accepted, the incumbent is
		// cancelled on the supplier side and flagged as substituted.
		first := placements[4]
		incumbent := w.instruction(first, w.freelancer, can, acc, false, 0)
		w.instruction(first, w.another, acc, acc, false, incumbent)
		mp := &auth.Principal{UserID: 999, Needs: auth.NeedSet{auth.SelectDepartment(w.dept): {}}}
		q := Query{View: ManagerView, UserID: 999, Visible: database.SeesOnly([]int64{w.dept}), Tab: Archived, Limit: 2}
		list, err := store.List(ctx, q, CallerOf(mp))
		if err != nil {
			t.Fatal(err)
		}
		if list.Total != 5 || len(list.Items) != 2 || list.Items[0].Placement.ID != placements[0] {
			t.Fatalf("archived page 1 (newest first) %+v", list)
		}
		q.Tab, q.Offset = Confirmed, 0
		list, err = store.List(ctx, q, CallerOf(mp))
		if err != nil {
			t.Fatal(err)
		}
		card := list.Items[0]
		// The substitute, accepted on both sides, stands for the struck-through incumbent: green.
		if list.Total != 1 || card.Placement.ID != first || len(card.Instructions) != 2 || card.Colour != status.Green {
			t.Fatalf("confirmed %+v", list)
		}
		// Sort priority: both accepted first, then cancelled.
		sub, inc := card.Instructions[0], card.Instructions[1]
		if sub.UserID != w.another || sub.Substituted || sub.SubstitutionOfID == nil || *sub.SubstitutionOfID != incumbent ||
			inc.ID != incumbent || !inc.Substituted || inc.Colour != status.Red || sub.Colour != status.Green {
			t.Errorf("rows %+v / %+v", sub, inc)
		}
		q.Tab = Outstanding
		for page, want := range [][]int64{{placements[3], placements[2]}, {placements[1], placements[0]}, nil} {
			q.Offset = page * 2
			list, err = store.List(ctx, q, CallerOf(mp))
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, c := range list.Items {
				got = append(got, c.Placement.ID)
				if !c.Unassigned || len(c.Instructions) != 0 {
					t.Errorf("unassigned card %+v", c)
				}
			}
			if !slices.Equal(got, want) || list.Total != 4 {
				t.Errorf("outstanding page %d: %v (total %d), want %v", page+1, got, list.Total, want)
			}
		}
		// A date range narrows by local date.
		q.Offset, q.StartDate, q.EndDate = 0, w.at.Add(48*time.Hour).Format(time.DateOnly), w.at.Add(72*time.Hour).Format(time.DateOnly)
		if list, err = store.List(ctx, q, CallerOf(mp)); err != nil || list.Total != 2 {
			t.Errorf("outstanding in two days %+v %v", list, err)
		}
		// The freelancer's own view of the substituted placement shows their row, struck through.
		fq := Query{View: FreelancerView, UserID: w.freelancer, Tab: Archived, Limit: 50}
		list, err = store.List(ctx, fq, CallerOf(&auth.Principal{UserID: w.freelancer}))
		if err != nil || list.Total != 1 || len(list.Items[0].Instructions) != 1 || !list.Items[0].Instructions[0].Substituted {
			t.Errorf("freelancer's archive %+v %v", list, err)
		}
		// Nothing visible: no departments.
		if list, err = store.List(ctx, Query{View: ManagerView, Tab: Archived, Limit: 50}, CallerOf(mp)); err != nil || list.Total != 0 {
			t.Errorf("manager without departments %+v %v", list, err)
		}
	})
}
