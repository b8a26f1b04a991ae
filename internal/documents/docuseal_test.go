package documents_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/documents"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

const (
	fakeKey    = "docuseal-test-api-key-0123456789"
	fakeSecret = "webhook-shared-secret"
)

// fakeDocuSeal is a DocuSeal the test runs: POST /api/submissions answers one submitter per
// request (template 404 is unknown), checking the API key; it records what it was asked.
type fakeDocuSeal struct {
	*httptest.Server
	mu    sync.Mutex
	asked []map[string]any
}

func startFakeDocuSeal(t *testing.T) *fakeDocuSeal {
	f := &fakeDocuSeal{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/submissions" || r.Header.Get("X-Auth-Token") != fakeKey {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.asked = append(f.asked, body)
		n := int64(len(f.asked))
		f.mu.Unlock()
		if body["template_id"] == float64(404) {
			http.Error(w, `{"error":"Template not found"}`, http.StatusNotFound)
			return
		}
		slug := fmt.Sprintf("slug%d", n)
		_ = json.NewEncoder(w).Encode([]map[string]any{{"id": 500 + n, "submission_id": 900 + n, "slug": slug,
			"embed_src": f.URL + "/s/" + slug, "status": "sent"}})
	}))
	t.Cleanup(f.Close)
	return f
}

func TestDocuSealBuilderTokenSigningRequestsAndWebhook(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		fake := startFakeDocuSeal(t)
		s := apptest.Start(t, db, func(c *config.Config) {
			c.DocuSeal = config.DocuSeal{URL: fake.URL, APIKey: fakeKey, UserEmail: "owner@docuseal.test",
				WebhookSecret: fakeSecret}
		})
		w := orgtest.Build(t, db)

		// The builder token: department managers only.
		s.As(apptest.Freelancer).Do("GET", "/docuseal/token", nil).WantError(403, "A-102")
		s.As(apptest.Staff).Do("GET", "/docuseal/token", nil).WantError(403, "A-102")
		s.As(apptest.Anonymous).Do("GET", "/docuseal/token", nil).Want(401)
		var tok documents.BuilderToken
		res := s.As(apptest.DeptMgr).Do("GET", "/docuseal/token", nil).Want(200)
		res.Decode(&tok)
		if tok.URL != fake.URL || tok.Host != strings.TrimPrefix(fake.URL, "http://") {
			t.Errorf("token's DocuSeal %+v", tok)
		}
		// A JWT signed HS256 with the API key, with the claims DocuSeal's embedding documents name.
		var claims documents.BuilderClaims
		parsed, err := jwt.ParseWithClaims(tok.Token, &claims, func(*jwt.Token) (any, error) { return []byte(fakeKey), nil },
			jwt.WithValidMethods([]string{"HS256"}), jwt.WithTimeFunc(db.Now))
		if err != nil || !parsed.Valid {
			t.Fatalf("token does not verify with the API key: %v", err)
		}
		if claims.UserEmail != "owner@docuseal.test" || claims.IntegrationEmail != "dept@hive.test" ||
			claims.DocumentURLs == nil || len(*claims.DocumentURLs) != 0 || claims.TemplateID != 0 || claims.FolderName != "Hive" ||
			claims.ExpiresAt == nil || claims.ExpiresAt.Sub(claims.IssuedAt.Time) != documents.TokenLifetime {
			t.Errorf("claims %+v", claims)
		}
		if _, err := jwt.Parse(tok.Token, func(*jwt.Token) (any, error) { return []byte("another key"), nil }); err == nil {
			t.Error("the token verifies with another key")
		}
		var again documents.BuilderToken
		s.As(apptest.DeptMgr).Do("GET", "/docuseal/token?templateId=42", nil).Want(200).Decode(&again)
		claims = documents.BuilderClaims{}
		if _, err := jwt.ParseWithClaims(again.Token, &claims, func(*jwt.Token) (any, error) { return []byte(fakeKey), nil },
			jwt.WithTimeFunc(db.Now)); err != nil || claims.TemplateID != 42 || claims.DocumentURLs != nil {
			t.Errorf("template token %v %+v", err, claims)
		}
		// The page may load the builder from DocuSeal, and from no other origin.
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' "+fake.URL+";") || !strings.Contains(csp, "connect-src 'self' "+fake.URL+";") {
			t.Errorf("CSP %s", csp)
		}

		// A request from a template: each freelancer gets their own DocuSeal signing form.
		booking := bookWithFreelancer(t, s, db, w, apptest.DeptMgr, w.DeptA1)
		due := db.Now().UTC().AddDate(0, 0, 10).Format(time.DateOnly)
		var made struct{ Items []document }
		s.As(apptest.DeptMgr).Do("POST", "/document-signing/request", map[string]any{"bookingId": booking,
			"title": "NDA", "dueDate": due, "templateId": 7}).Want(201).Decode(&made)
		if len(made.Items) != 1 || made.Items[0].DocumentURL != fake.URL+"/s/slug1" || made.Items[0].DocusealSubmissionID == nil ||
			*made.Items[0].DocusealSubmissionID != 901 || made.Items[0].Status != "pending" {
			t.Fatalf("made %+v", made.Items)
		}
		asked := fake.asked[0]
		signer := asked["submitters"].([]any)[0].(map[string]any)
		if asked["template_id"] != float64(7) || asked["send_email"] != false || signer["email"] != "freelancer@hive.test" {
			t.Errorf("DocuSeal was asked %v", asked)
		}
		// DocuSeal refusing (an unknown template) is a field error, and nothing is written.
		var p apptest.Problem
		s.As(apptest.DeptMgr).Do("POST", "/document-signing/request", map[string]any{"bookingId": booking,
			"title": "NDA", "dueDate": due, "templateId": 404}).WantError(422, "V-422").Decode(&p)
		if p.Msg("templateId") != documents.MsgDocuSeal || auditCount(t, db, "INSERT") != 1 {
			t.Errorf("refused by DocuSeal: %+v, %d documents", p, auditCount(t, db, "INSERT"))
		}

		// The completed-signing webhook: a server with the shared secret and no cookie or CSRF token.
		deliver := func(secret string, body string) (int, string) {
			req, _ := http.NewRequest(http.MethodPost, s.URL+"/api/v1/docuseal/webhook", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			if secret != "" {
				req.Header.Set(documents.WebhookSecretHeader, secret)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var out strings.Builder
			buf := make([]byte, 4096)
			n, _ := res.Body.Read(buf)
			out.Write(buf[:n])
			return res.StatusCode, out.String()
		}
		completed := `{"event_type":"form.completed","timestamp":"2026-11-25T10:00:00Z","data":{"id":501,
			"email":"freelancer@hive.test","status":"completed","submission":{"id":901,"status":"completed"},
			"template":{"id":7},"values":[{"field":"Signature","value":"x"}]}}`
		if code, body := deliver("", completed); code != 401 {
			t.Errorf("no secret: %d %s", code, body)
		}
		if code, body := deliver("wrong-secret", completed); code != 401 {
			t.Errorf("bad secret: %d %s", code, body)
		}
		var seen list
		s.As(apptest.Freelancer).Do("GET", "/document-signing", nil).Want(200).Decode(&seen)
		if seen.Items[0].Status != "pending" || auditCount(t, db, "UPDATE") != 0 {
			t.Fatalf("a refused delivery changed the document: %+v", seen.Items[0])
		}
		if code, body := deliver(fakeSecret, `{"event_type":"form.viewed","data":{"id":501}}`); code != 200 ||
			!strings.Contains(body, `"completed":false`) {
			t.Errorf("form.viewed: %d %s", code, body)
		}
		if code, body := deliver(fakeSecret, completed); code != 200 || !strings.Contains(body, `"completed":true`) {
			t.Fatalf("completed: %d %s", code, body)
		}
		s.As(apptest.Freelancer).Do("GET", "/document-signing", nil).Want(200).Decode(&seen)
		first := seen.Items[0]
		if first.Status != "completed" || first.CompletedAt == nil {
			t.Fatalf("after the webhook %+v", first)
		}
		// A repeated delivery answers 200 and changes nothing.
		if code, body := deliver(fakeSecret, completed); code != 200 || !strings.Contains(body, `"completed":false`) {
			t.Errorf("repeat: %d %s", code, body)
		}
		s.As(apptest.Freelancer).Do("GET", "/document-signing", nil).Want(200).Decode(&seen)
		if !seen.Items[0].CompletedAt.Equal(*first.CompletedAt) || auditCount(t, db, "UPDATE") != 1 {
			t.Errorf("the repeat changed the document: %+v, %d updates", seen.Items[0], auditCount(t, db, "UPDATE"))
		}
		if code, _ := deliver(fakeSecret, `not json`); code != 422 {
			t.Errorf("not JSON: %d", code)
		}
	})
}
