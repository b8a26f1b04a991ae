package notes

import (
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

func principal(id int64, flags auth.UserFlags, grants auth.Grants) *auth.Principal {
	return &auth.Principal{UserID: id, Needs: auth.ComputeNeeds(flags, grants)}
}

func TestNoteRules(t *testing.T) {
	admin := principal(1, auth.UserFlags{CanAdmin: true}, auth.Grants{})
	manager := principal(2, auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanManage: true}}})
	member := principal(3, auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 7, Kind: "client", CanSelect: true}}})
	outsider := principal(4, auth.UserFlags{}, auth.Grants{Entities: []auth.EntityGrant{{EntityID: 8, Kind: "client", CanManage: true}}})
	author := int64(3)
	byMember := NoteView{EntityID: 7, UserID: &author}
	byOther := NoteView{EntityID: 7, UserID: &manager.UserID}
	cases := []struct {
		name       string
		p          *auth.Principal
		n          NoteView
		view, edit bool
	}{
		{"admin", admin, byOther, true, true},
		{"manager of the entity", manager, byMember, true, true},
		{"member, own note", member, byMember, true, true},
		{"member, another's note", member, byOther, true, false},
		{"other entity's manager", outsider, byMember, false, false},
	}
	for _, c := range cases {
		if got := CanView(c.p, c.n.EntityID); got != c.view {
			t.Errorf("%s: view %v", c.name, got)
		}
		if got := CanEdit(c.p, c.n); got != c.edit {
			t.Errorf("%s: edit %v", c.name, got)
		}
	}
	if !CanFollow(manager) || CanFollow(member) || !CanBookmark(manager) || CanBookmark(member) {
		t.Error("follow or bookmark rule")
	}
	dept := principal(5, auth.UserFlags{}, auth.Grants{Departments: []auth.DepartmentGrant{{DepartmentID: 3, CanManage: true}}})
	if CanFollow(dept) || !CanBookmark(dept) || !CanSeeStats(dept, 9) || CanSeeStats(member, 9) || !CanSeeStats(member, 3) {
		t.Error("department manager or stats rule")
	}
}

func TestValidate(t *testing.T) {
	in := NoteInput{Title: "  ", Description: ""}
	err := in.Validate()
	e := apperror.As(err)
	if e == nil || len(e.Fields) != 3 {
		t.Fatalf("%v", err)
	}
	ok := NoteInput{EntityID: 1, Title: " T ", Description: " D "}
	if err := ok.Validate(); err != nil || ok.Title != "T" || ok.Description != "D" {
		t.Fatalf("%v %+v", err, ok)
	}
}
