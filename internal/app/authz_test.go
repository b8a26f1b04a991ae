package app_test

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
)

// authzOp is one operation of the OpenAPI document.
type authzOp struct {
	Method, Path string
	Public       bool
	HasBody      bool
}

func (o authzOp) key() string { return o.Method + " " + o.Path }

// authzPhase orders the walk so that a leak cannot hide another: reads first, then writes,
// then deletions, and last the operations that end the caller's own sessions.
func (o authzOp) phase() int {
	switch {
	case o.Path == "/account/logout":
		return 4
	case o.Path == "/account/logout-everywhere":
		return 3
	case o.Method == http.MethodGet:
		return 0
	case o.Method == http.MethodDelete:
		return 2
	}
	return 1
}

// authzOps lists every operation of the document, the same walk as TestVisitorsGet401Everywhere.
func authzOps(doc *huma.OpenAPI) []authzOp {
	var ops []authzOp
	for path, item := range doc.Paths {
		for method, op := range map[string]*huma.Operation{
			http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
			http.MethodPatch: item.Patch, http.MethodDelete: item.Delete,
		} {
			if op == nil {
				continue
			}
			access, _ := op.Extensions[httpapi.AccessKey].(string)
			ops = append(ops, authzOp{Method: method, Path: path, Public: access == string(httpapi.Public),
				HasBody: op.RequestBody != nil})
		}
	}
	slices.SortFunc(ops, func(a, b authzOp) int {
		if d := a.phase() - b.phase(); d != 0 {
			return d
		}
		return strings.Compare(a.key(), b.key())
	})
	return ops
}

// authzRefusals are the answers that refuse: 401 (a visitor), 403 and 404 (access), 400 and
// 422 where the server validates the request before it looks at the object (nothing read or
// written either way). Anything else that is not 2xx (409, 5xx) fails the matrix.
var authzRefusals = []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound,
	http.StatusUnprocessableEntity}

// TestAuthorizationMatrix calls every operation of the OpenAPI document as each outsider role
// (authzRoles) against the objects of client A (authzWorld) and expects a refusal, apart from
// the exceptions of authzExceptions. No answer to an outsider may name A's objects, and after
// the walk none of A's rows has changed. An operation with a path parameter or a body that has
// no call in authzRequests fails the test, as does an exception no call needed.
func TestAuthorizationMatrix(t *testing.T) {
	databasetest.Engines(t, runAuthzMatrix)
}

func runAuthzMatrix(t *testing.T, db *database.DB) {
	dir := t.TempDir() // the write control stores a document
	s := apptest.Start(t, db, func(c *config.Config) {
		c.DataDir = dir
		c.BaseURL = strings.Replace(c.BaseURL, "127.0.0.1", "localhost", 1) // passkeys need a domain
	})
	w := buildAuthzWorld(t, s)
	users := orgtest.Users(t, db)
	clients, me := map[string]*apptest.Client{}, map[string]int64{}
	for _, role := range authzRoles {
		switch role {
		case authzDeptA2:
			clients[role], me[role] = s.Login("devon.sport@example.com"), orgtest.UserID(t, db, "devon.sport@example.com")
		case authzFreelancerA1:
			clients[role], me[role] = s.Login("chloe.okafor@hive.test"), orgtest.UserID(t, db, "chloe.okafor@hive.test")
		default:
			clients[role], me[role] = s.As(role), users[role]
		}
	}
	ops := authzOps(s.App.API.OpenAPI())
	if len(ops) < 100 {
		t.Fatalf("walked only %d operations", len(ops))
	}
	authzCoverage(t, ops, w)
	exceptions := authzExceptionIndex(t, ops)
	before := authzSnapshot(t, db, w)
	authzReadControl(t, s, ops, w, users[apptest.Admin])
	authzWalk(t, ops, w, clients, me, exceptions)
	if changed := authzChanged(before, authzSnapshot(t, db, w)); len(changed) > 0 {
		t.Errorf("rows of client A changed or went during the walk: %v", changed)
	}
	authzWriteControl(t, s, ops, w, users[apptest.Admin])
}

// authzCoverage fails on an operation with a path parameter or a body that authzRequests does
// not call, and on a call of an operation the document does not have.
func authzCoverage(t *testing.T, ops []authzOp, w authzWorld) {
	t.Helper()
	known := authzRequests(w, 0)
	for _, op := range ops {
		if _, ok := known[op.key()]; !ok && (op.HasBody || strings.Contains(op.Path, "{")) {
			t.Errorf("%s is not in the authorization matrix: give it calls at client A's objects in authzRequests", op.key())
		}
		delete(known, op.key())
	}
	for k := range known {
		t.Errorf("authzRequests names %s, which the document does not have", k)
	}
}

// authzReadControl: an administrator reads every object the reads aim at, so a refusal of an
// outsider is the role's and not a wrong id's, and each scoped list names A to them.
func authzReadControl(t *testing.T, s *apptest.Server, ops []authzOp, w authzWorld, admin int64) {
	t.Helper()
	for _, op := range ops {
		if op.Method != http.MethodGet || op.Public || authzNoControl[op.key()] != "" {
			continue
		}
		names := false
		for _, req := range authzCalls(op, w, admin) {
			res := s.As(apptest.Admin).Do(op.Method, req.Path, req.Body, req.Headers...)
			if res.Status/100 != 2 {
				t.Errorf("control: %s answered an administrator %d: %.300s", req.Path, res.Status, res.Body)
			}
			names = names || strings.Contains(string(res.Body), authzSecret) || authzCounts[op.key()] && authzCounted(res.Body)
		}
		if (authzScopedLists[op.key()] || authzCounts[op.key()]) && !names {
			t.Errorf("control: %s shows nothing of client A's to an administrator, so it cannot show a leak", op.key())
		}
	}
}

// authzWalk makes every call as every outsider and checks the answers.
func authzWalk(t *testing.T, ops []authzOp, w authzWorld, clients map[string]*apptest.Client, me map[string]int64,
	exceptions map[string]authzException) {
	t.Helper()
	used, nowhere := map[string]bool{}, authzNowhere()
	for _, op := range ops {
		for _, role := range authzRoles {
			missing := authzCalls(op, nowhere, me[role])
			for i, req := range authzCalls(op, w, me[role]) {
				res := clients[role].Do(op.Method, req.Path, req.Body, req.Headers...)
				// A refusal must not confirm that A's object exists: the same call at ids that
				// name nothing must be refused alike (public operations are throttled per
				// address and aim at no id).
				if slices.Contains(authzRefusals, res.Status) && role != apptest.Anonymous && !op.Public &&
					!authzIDsNoSecret[op.key()] {
					m := missing[i]
					if other := clients[role].Do(op.Method, m.Path, m.Body, m.Headers...); other.Status != res.Status {
						t.Errorf("LEAK: %s as %s answered %d, and %d at ids that name nothing, so it confirms A's object: %.200s",
							op.key(), role, res.Status, other.Status, res.Body)
					}
				}
				ex, excepted := exceptions[op.key()+" as "+role]
				excepted = excepted && (ex.Aim == "" || ex.Aim == req.Aim)
				where := fmt.Sprintf("%s (%s) as %s", op.key(), req.Path, role)
				if strings.Contains(strings.ToLower(string(res.Body)), strings.ToLower(authzSecretFor(role))) {
					t.Errorf("LEAK: %s answered %d naming client A's objects: %.400s", where, res.Status, res.Body)
				}
				if res.Status/100 == 2 && authzCounts[op.key()] && authzCounted(res.Body) {
					t.Errorf("LEAK: %s counts something, and the outsiders have nothing of their own to count: %.400s",
						where, res.Body)
				}
				switch {
				case res.Status/100 == 2 && excepted:
					used[op.key()+" as "+role] = true
				case res.Status/100 == 2:
					t.Errorf("LEAK: %s answered %d: %.400s", where, res.Status, res.Body)
				case !slices.Contains(authzRefusals, res.Status) && authzOtherRefusals[op.key()] != res.Status:
					t.Errorf("%s answered %d, not a refusal: %.400s", where, res.Status, res.Body)
				}
			}
		}
	}
	for k, ex := range exceptions {
		if !used[k] && !authzThrottled[ex.Op] {
			t.Errorf("the exception %s was not needed: every call was refused; remove it from authzExceptions", k)
		}
	}
}

// authzWriteControl, last since it changes A's objects: an administrator sends the same calls
// as the outsiders, and at least one of each operation's is accepted, so the bodies are ones
// the server takes and the outsiders' refusals were the roles'.
func authzWriteControl(t *testing.T, s *apptest.Server, ops []authzOp, w authzWorld, admin int64) {
	t.Helper()
	writes := slices.Clone(ops) // creations first, so that changes and cancellations do not get in their way
	slices.SortStableFunc(writes, func(a, b authzOp) int {
		return strings.Index("POST PUT PATCH DELETE", a.Method) - strings.Index("POST PUT PATCH DELETE", b.Method)
	})
	for _, op := range writes {
		if op.Method == http.MethodGet || op.Public || op.phase() > 2 || authzNoWriteControl[op.key()] != "" {
			continue
		}
		var answers []string
		for _, req := range authzCalls(op, w, admin) {
			res := s.As(apptest.Admin).Do(op.Method, req.Path, req.Body, req.Headers...)
			if res.Status/100 == 2 {
				answers = nil
				break
			}
			answers = append(answers, fmt.Sprintf("%d %.200s", res.Status, res.Body))
		}
		if answers != nil {
			t.Errorf("control: %s accepted none of the calls from an administrator: %v", op.key(), answers)
		}
	}
}

// authzCalls returns op's calls for the caller me: those of authzRequests, or the bare path.
func authzCalls(op authzOp, w authzWorld, me int64) []authzRequest {
	if calls, ok := authzRequests(w, me)[op.key()]; ok {
		return calls
	}
	return []authzRequest{{Path: op.Path}}
}

// authzSnapshot reads, for the tables the operations write, when each row last changed, so
// that a refused call that wrote anyway is seen; the users are A's two people.
func authzSnapshot(t *testing.T, db *database.DB, w authzWorld) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	for _, table := range []struct{ name, changed string }{
		{"entities", "updated_at"}, {"departments", "updated_at"}, {"legal_entities", "updated_at"},
		{"entity_legal_entity_refs", "updated_at"}, {"user_entity_refs", "updated_at"}, {"user_department_refs", "updated_at"},
		{"tags", "updated_at"}, {"job_templates", "updated_at"}, {"placement_templates", "updated_at"},
		{"rate_cards", "updated_at"}, {"bookings", "updated_at"}, {"placements", "updated_at"},
		{"instructions", "updated_at"}, {"internal_notes", "updated_at"}, {"documents", "updated_at"},
		{"invitations", "updated_at"}, {"user_documents", "created_at"}, {"unavailability", "created_at"},
		{"notifications", "read_receipt"}, {"booking_bookmarks", "updated_at"}, {"offer_waterfalls", "updated_at"},
		{"passkeys", "updated_at"}, {"timesheets", "updated_at"},
		{fmt.Sprintf("users WHERE id IN (%d, %d)", w.StaffA, w.FreelancerA), "updated_at"},
	} {
		type changed struct {
			ID      int64        `db:"id"`
			Changed sql.NullTime `db:"changed"`
		}
		for _, r := range databasetest.Select[changed](t, db, `SELECT id, `+table.changed+` AS changed FROM `+table.name) {
			out[fmt.Sprintf("%s #%d", strings.Fields(table.name)[0], r.ID)] = r.Changed.Time
		}
	}
	return out
}

// authzChanged lists the rows of before that after changed or lost (rows the exceptions
// created for the callers themselves are new, not changed).
func authzChanged(before, after map[string]time.Time) []string {
	var changed []string
	for k, v := range before {
		if a, ok := after[k]; !ok || !a.Equal(v) {
			changed = append(changed, k)
		}
	}
	slices.Sort(changed)
	return changed
}

// authzCounted reports whether a JSON answer holds a number other than zero: in the world,
// client B has no bookings, so any count an outsider is shown is of client A's.
func authzCounted(body []byte) bool {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return false
	}
	var walk func(any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case float64:
			return x != 0
		case []any:
			return slices.ContainsFunc(x, walk)
		case map[string]any:
			for _, e := range x {
				if walk(e) {
					return true
				}
			}
		}
		return false
	}
	return walk(v)
}

// authzNowhere is a world whose every id names nothing.
func authzNowhere() authzWorld {
	var w authzWorld
	v := reflect.ValueOf(&w).Elem()
	for i := range v.NumField() {
		v.Field(i).SetInt(999999)
	}
	return w
}
