package files_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// fixture is a Hive whose blobs live in the test's own directory, with the demo users; the
// manager manages a client the freelancer is linked to.
type fixture struct {
	s     *apptest.Server
	db    *database.DB
	users map[string]int64
}

func setup(t *testing.T, db *database.DB, configure ...func(*config.Config)) *fixture {
	t.Helper()
	dir := t.TempDir()
	configure = append([]func(*config.Config){func(c *config.Config) { c.DataDir = dir }}, configure...)
	f := &fixture{s: apptest.Start(t, db, configure...), db: db, users: orgtest.Users(t, db)}
	// The manager manages a client the freelancer is linked to, and so reads their documents.
	client := orgtest.Entity(t, db, "Northern Broadcasting", "client")
	for _, u := range []string{"manager", "freelancer"} {
		orgtest.LinkEntity(t, db, f.users[u], client, u == "manager", true)
	}
	return f
}

// eachEngine runs test once per database engine, each time on a fresh fixture.
func eachEngine(t *testing.T, test func(t *testing.T, f *fixture)) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) { test(t, setup(t, db)) })
}

// imageKey is the blob key of the user's profile image ("" for none).
func (f *fixture) imageKey(t *testing.T, user int64) string {
	t.Helper()
	return databasetest.Get[string](t, f.db, `SELECT profile_image_key FROM users WHERE id = ?`, user)
}

// documents counts the user's document rows.
func (f *fixture) documents(t *testing.T, user int64) int {
	t.Helper()
	return databasetest.Get[int](t, f.db, `SELECT COUNT(*) FROM documents WHERE user_id = ?`, user)
}

// pdfBytes is the smallest PDF the document check accepts.
var pdfBytes = []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")

func uploadURL(t *testing.T, c *apptest.Client, id int64) files.UploadURL {
	t.Helper()
	var u files.UploadURL
	c.Do("GET", fmt.Sprintf("/account/%d/profile_image", id), nil).Want(http.StatusOK).Decode(&u)
	if u.Method != "PUT" || u.MaxBytes != 5242880 || !strings.HasPrefix(u.UploadURL, "/api/v1/blob-upload/") ||
		time.Until(u.ExpiresAt) <= 0 {
		t.Fatalf("upload url %+v", u)
	}
	return u
}

func put(c *apptest.Client, url string, data []byte, contentType string) *apptest.Response {
	return c.Do("PUT", url, string(data), "Content-Type", contentType)
}

func multipartBody(t *testing.T, name string, data []byte) (string, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	return b.String(), w.FormDataContentType()
}
