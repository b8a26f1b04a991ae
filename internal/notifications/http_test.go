package notifications_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

type prefs struct {
	Items []notifications.Preference `json:"items"`
}

func groupsOf(p prefs) []string {
	var gs []string
	for _, it := range p.Items {
		if g := string(it.Group); !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	return gs
}

func TestPreferencesShowEachRoleItsGroupsAndRefuseOthers(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, _ orgtest.World) {
		want := map[string][]string{
			apptest.Freelancer: {"supplier"},
			apptest.DeptMgr:    {"booking", "substitute", "client"},
			apptest.Manager:    {"booking", "substitute", "client"},
			apptest.Admin:      {"booking", "substitute", "client"},
			apptest.Staff:      nil,
		}
		for role, groups := range want {
			var got prefs
			s.As(role).Do(http.MethodGet, "/notification/preferences", nil).Want(200).Decode(&got)
			if !slices.Equal(groupsOf(got), groups) {
				t.Errorf("%s sees groups %v, want %v", role, groupsOf(got), groups)
			}
			for _, it := range got.Items {
				if !it.Enabled || it.Label == "" || it.Description == "" {
					t.Errorf("%s: %+v should be on by default, with a label and a description", role, it)
				}
			}
		}
		s.As(apptest.Anonymous).Do(http.MethodGet, "/notification/preferences", nil).Want(401)

		// Nobody sets a type they may not see: the freelancer a client type, a manager a supplier type.
		refused := map[string]string{apptest.Freelancer: notifications.ClientAccepted,
			apptest.DeptMgr: notifications.SupplierOffered, apptest.Staff: notifications.BookingCreated}
		for role, id := range refused {
			body := map[string]any{"items": []map[string]any{{"identifier": id, "enabled": false}}}
			var p apptest.Problem
			s.As(role).Do(http.MethodPatch, "/notification/preferences", body).Want(422).Decode(&p)
			if p.Msg("items") != fmt.Sprintf(notifications.MsgUnknownType, id) {
				t.Errorf("%s setting %s: %s", role, id, p.Msg("items"))
			}
		}
		body := map[string]any{"items": []map[string]any{{"identifier": "no.such", "enabled": false}}}
		s.As(apptest.DeptMgr).Do(http.MethodPatch, "/notification/preferences", body).Want(422)

		body = map[string]any{"items": []map[string]any{{"identifier": notifications.ClientAccepted, "enabled": false}}}
		var got prefs
		s.As(apptest.DeptMgr).Do(http.MethodPatch, "/notification/preferences", body).Want(200).Decode(&got)
		s.As(apptest.DeptMgr).Do(http.MethodGet, "/notification/preferences", nil).Want(200).Decode(&got)
		for _, it := range got.Items {
			if it.Enabled != (it.Identifier != notifications.ClientAccepted) {
				t.Errorf("after turning %s off: %+v", notifications.ClientAccepted, it)
			}
		}
		// The manager's choice is theirs alone.
		s.As(apptest.Manager).Do(http.MethodGet, "/notification/preferences", nil).Want(200).Decode(&got)
		for _, it := range got.Items {
			if !it.Enabled {
				t.Errorf("another manager's %s is off", it.Identifier)
			}
		}
	})
}

// notify inserts a notification for user, created at the given minute of a fixed day.
func notify(t *testing.T, db *database.DB, user int64, subject string, minute int) int64 {
	t.Helper()
	at := time.Date(2026, 3, 2, 9, minute, 0, 0, time.UTC)
	return databasetest.InsertID(t, db, `INSERT INTO notifications (user_id, type, subject, body_text, link, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, user, notifications.SupplierOffered, subject, "Body of "+subject,
		"/bookings/1/edit", at)
}

type list struct {
	Items []notifications.Notification `json:"items"`
	Total int                          `json:"total"`
}

func TestNotificationsAreReadByTheirRecipientAndAdministratorsOnly(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		// staff becomes the manager of another client, before signing in.
		orgtest.LinkEntity(t, db, w.Users[apptest.Staff], w.ClientB, true, true)
		mine := w.Users[apptest.Freelancer]
		first := notify(t, db, mine, "First", 1)
		second := notify(t, db, mine, "Second", 2)
		theirs := notify(t, db, w.Users[apptest.DeptMgr], "Not yours", 3)

		fl := s.As(apptest.Freelancer)
		var l list
		fl.Do(http.MethodGet, "/notification?pageSize=1", nil).Want(200).Decode(&l)
		if l.Total != 2 || len(l.Items) != 1 || l.Items[0].ID != second || l.Items[0].Recipient != "freelancer@hive.test" ||
			l.Items[0].User.ID != mine || l.Items[0].User.FullName == "" || l.Items[0].ReadReceipt != nil {
			t.Fatalf("first page = %+v", l)
		}
		var st notifications.NotificationStats
		fl.Do(http.MethodGet, "/notification/stats", nil).Want(200).Decode(&st)
		if st != (notifications.NotificationStats{Unread: 2, Total: 2}) {
			t.Fatalf("stats = %+v", st)
		}
		readAt := "2026-03-02T10:00:00Z"
		var n notifications.Notification
		fl.Do(http.MethodPatch, fmt.Sprintf("/notification/%d", first), map[string]any{"readReceipt": readAt}).Want(200).Decode(&n)
		if n.ReadReceipt == nil || n.ReadReceipt.Format(time.RFC3339) != readAt {
			t.Fatalf("after reading: %+v", n)
		}
		// A second read keeps the first receipt.
		fl.Do(http.MethodPatch, fmt.Sprintf("/notification/%d", first), map[string]any{"readReceipt": "2026-03-03T10:00:00Z"}).
			Want(200).Decode(&n)
		if n.ReadReceipt.Format(time.RFC3339) != readAt {
			t.Fatalf("read twice: %+v", n)
		}
		fl.Do(http.MethodGet, "/notification?unreadOnly=true", nil).Want(200).Decode(&l)
		if l.Total != 1 || l.Items[0].ID != second {
			t.Fatalf("unread = %+v", l)
		}
		fl.Do(http.MethodGet, "/notification/stats", nil).Want(200).Decode(&st)
		if st != (notifications.NotificationStats{Unread: 1, Total: 2}) {
			t.Fatalf("stats after reading = %+v", st)
		}

		s.Run(t, []apptest.Case{
			{As: apptest.Freelancer, Method: http.MethodGet, Path: fmt.Sprintf("/notification/%d", theirs), Status: 404},
			{As: apptest.Freelancer, Method: http.MethodPatch, Path: fmt.Sprintf("/notification/%d", theirs),
				Body: map[string]any{"readReceipt": readAt}, Status: 404},
			{As: apptest.Staff, Method: http.MethodGet, Path: fmt.Sprintf("/notification/%d", first), Status: 404},
			{As: apptest.Staff, Method: http.MethodPatch, Path: fmt.Sprintf("/notification/%d", second),
				Body: map[string]any{"readReceipt": readAt}, Status: 404},
			{As: apptest.Manager, Method: http.MethodGet, Path: fmt.Sprintf("/notification/%d", first), Status: 404},
			{As: apptest.Freelancer, Method: http.MethodGet, Path: fmt.Sprintf("/notification/by-user/%d", mine), Status: 403},
			{As: apptest.Staff, Method: http.MethodGet, Path: fmt.Sprintf("/notification/by-user/%d", mine), Status: 403},
			{As: apptest.Manager, Method: http.MethodGet, Path: fmt.Sprintf("/notification/by-user/%d", mine), Status: 403},
			{As: apptest.Anonymous, Method: http.MethodGet, Path: "/notification", Status: 401},
			{As: apptest.Admin, Method: http.MethodGet, Path: fmt.Sprintf("/notification/%d", first), Status: 200},
			// An administrator reads it but does not mark it read for its recipient.
			{As: apptest.Admin, Method: http.MethodPatch, Path: fmt.Sprintf("/notification/%d", second),
				Body: map[string]any{"readReceipt": readAt}, Status: 404},
			{As: apptest.Admin, Method: http.MethodGet, Path: "/notification/999999", Status: 404},
		})
		s.As(apptest.Admin).Do(http.MethodGet, fmt.Sprintf("/notification/by-user/%d", mine), nil).Want(200).Decode(&l)
		if l.Total != 2 || l.Items[0].ID != second || l.Items[1].ID != first {
			t.Fatalf("by user = %+v", l)
		}
		var unread notifications.NotificationStats
		fl.Do(http.MethodGet, "/notification/stats", nil).Want(200).Decode(&unread)
		if unread.Unread != 1 {
			t.Fatalf("the administrator's visit changed the recipient's unread count: %+v", unread)
		}
	})
}

func TestUnsubscribeLinkTurnsOffOneTypeWithoutSigningIn(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		fl := w.Users[apptest.Freelancer]
		signer := notifications.NewSigner(s.App.Config.Secret)
		token := signer.Token(fl, notifications.SupplierRateAmended)
		visitor := s.As(apptest.Anonymous)
		for range 2 { // using the link twice does what once does
			var got notifications.Unsubscribed
			visitor.Do(http.MethodPost, "/notification/unsubscribe", map[string]string{"token": token}).Want(200).Decode(&got)
			if got.Identifier != notifications.SupplierRateAmended || got.Label != "Rate amended" || got.Message == "" {
				t.Fatalf("unsubscribe = %+v", got)
			}
		}
		var p prefs
		s.As(apptest.Freelancer).Do(http.MethodGet, "/notification/preferences", nil).Want(200).Decode(&p)
		for _, it := range p.Items {
			if it.Enabled != (it.Identifier != notifications.SupplierRateAmended) {
				t.Errorf("after unsubscribing: %+v", it)
			}
		}
		other := notifications.NewSigner("another deployment's secret, long enough to be valid")
		forged := []string{
			"", "nonsense", token + "x",
			other.Token(fl, notifications.SupplierOffered),
			// The same signature over another user or another type.
			swapClaim(token, fmt.Sprintf("%d:%s", fl+1, notifications.SupplierRateAmended)),
			swapClaim(token, fmt.Sprintf("%d:%s", fl, notifications.SupplierOffered)),
		}
		for _, tok := range forged {
			var pr apptest.Problem
			visitor.Do(http.MethodPost, "/notification/unsubscribe", map[string]string{"token": tok}).Want(422).Decode(&pr)
			if pr.Msg("token") != notifications.MsgBadToken && tok != "" {
				t.Errorf("token %q: %s", tok, pr.Msg("token"))
			}
		}
		s.As(apptest.Freelancer).Do(http.MethodGet, "/notification/preferences", nil).Want(200).Decode(&p)
		for _, it := range p.Items {
			if it.Identifier == notifications.SupplierOffered && !it.Enabled {
				t.Error("a forged token turned off a type")
			}
		}
	})
}
