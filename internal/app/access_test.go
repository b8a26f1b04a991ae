package app_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
)

// TestVisitorsGet401Everywhere walks every operation of the OpenAPI document as a visitor (with
// a valid CSRF token, so that only authentication is tested) and fails if any operation that is
// not declared public answers anything but 401, or if any operation declares no access at all.
func TestVisitorsGet401Everywhere(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	doc := s.App.API.OpenAPI()
	visitor := s.Client()
	operations := 0
	for path, item := range doc.Paths {
		for method, op := range map[string]*huma.Operation{
			http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
			http.MethodPatch: item.Patch, http.MethodDelete: item.Delete,
		} {
			o := op
			if o == nil {
				continue
			}
			operations++
			access, _ := o.Extensions[httpapi.AccessKey].(string)
			if access != string(httpapi.Public) && access != string(httpapi.Signed) {
				t.Errorf("%s %s declares no access", method, path)
				continue
			}
			if access == string(httpapi.Public) {
				continue
			}
			url := strings.NewReplacer("{id}", "1", "{provider}", "google").Replace(path)
			var body any
			if method != http.MethodGet && method != http.MethodDelete {
				body = map[string]any{}
			}
			if res := visitor.Do(method, url, body); res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s answered a visitor %d: %s", method, path, res.Status, res.Body)
			}
		}
	}
	if operations < 16 {
		t.Fatalf("walked only %d operations", operations)
	}
}
