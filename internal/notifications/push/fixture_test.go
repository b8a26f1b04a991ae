package push_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications/push"
	"github.com/hive/hive/internal/notifications/push/pushtest"
	"github.com/hive/hive/internal/platform/database"
)

// hive is a started Hive whose pushes go to a local push service.
type hive struct {
	t   *testing.T
	s   *apptest.Server
	db  *database.DB
	w   orgtest.World
	svc *pushtest.Service
}

func start(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) hive {
	t.Helper()
	svc := pushtest.Start()
	t.Cleanup(svc.Close)
	svc.VAPIDKey = s.App.Push.Keys.Public
	s.App.Push.Client = svc.Client()
	s.App.Notify.FoldWindow = -1 // deliver at once: the folding tests of notifications cover the window
	return hive{t: t, s: s, db: db, w: w, svc: svc}
}

// device makes a device at the push service and subscribes it as role.
func (h hive) device(role string) *pushtest.Device {
	h.t.Helper()
	d := h.svc.NewDevice()
	h.s.As(role).Do(http.MethodPost, "/push/subscription", d.Subscription()).Want(http.StatusOK)
	return d
}

// deliver runs the notification worker and the push sender once each, as a node's loops do.
func (h hive) deliver() {
	h.t.Helper()
	ctx := context.Background()
	if _, err := h.s.App.Notify.DeliverDue(ctx); err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.s.App.Push.SendDue(ctx); err != nil {
		h.t.Fatal(err)
	}
	if p := h.svc.Problems(); len(p) > 0 {
		h.t.Fatalf("the push service could not read pushes: %v", p)
	}
}

// offer books one Camera shift of department A1 on each date and offers them to the demo
// freelancer in one grant, as the department manager, and returns the booking.
func (h hive) offer(dates ...string) orgtest.Booked {
	h.t.Helper()
	jt := orgtest.JobTemplateOf(h.t, h.db, h.w.DeptA1, "Evening News",
		orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00", Sell: 25000, Buy: 20000})
	return orgtest.Book(h.t, h.s, apptest.DeptMgr, jt, dates, h.w.Users[apptest.Freelancer])
}

// payloads are the pushes d received, decoded.
func (h hive) payloads(d *pushtest.Device) []push.Payload {
	h.t.Helper()
	var out []push.Payload
	for _, raw := range h.svc.Received(d) {
		var p push.Payload
		if err := json.Unmarshal(raw, &p); err != nil {
			h.t.Fatalf("payload %s: %v", raw, err)
		}
		out = append(out, p)
	}
	return out
}

// supplierStatus is the freelancer's answer on instruction id of booking b.
func (h hive) supplierStatus(b orgtest.Booked, id int64) string {
	h.t.Helper()
	var view struct {
		Placements []struct {
			Instructions []struct {
				ID             int64  `json:"id"`
				SupplierStatus string `json:"supplierStatus"`
			} `json:"instructions"`
		} `json:"placements"`
	}
	h.s.As(apptest.Admin).Do(http.MethodGet, fmt.Sprintf("/booking/%d", b.ID), nil).Want(http.StatusOK).Decode(&view)
	for _, p := range view.Placements {
		for _, i := range p.Instructions {
			if i.ID == id {
				return i.SupplierStatus
			}
		}
	}
	h.t.Fatalf("no instruction %d", id)
	return ""
}

// answer posts a notification button's token as a visitor (the service worker may run with
// no session), and returns the response.
func (h hive) answer(token string) *apptest.Response {
	h.t.Helper()
	return h.s.Client().Do(http.MethodPost, "/push/answer", map[string]string{"token": token})
}

// action is the token of p's button action.
func action(t *testing.T, p push.Payload, action string) string {
	t.Helper()
	for _, a := range p.Actions {
		if a.Action == action {
			return a.Token
		}
	}
	t.Fatalf("no %s action in %+v", action, p)
	return ""
}

func count(t *testing.T, db *database.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.Get(context.Background(), &n, query, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

// subscription is the browser's subscription of a device.
func subscription(endpoint, p256dh, auth string) push.Subscription {
	var s push.Subscription
	s.Endpoint, s.Keys.P256dh, s.Keys.Auth = endpoint, p256dh, auth
	return s
}

// problemOf checks res is an error of status with the validation code, and returns its body.
func (h hive) problemOf(res *apptest.Response, status int) apptest.Problem {
	h.t.Helper()
	res.WantError(status, "V-422")
	var p apptest.Problem
	res.Decode(&p)
	return p
}
