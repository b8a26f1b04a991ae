package blob

import (
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/hive/hive/internal/platform/config"
)

// fakeS3 starts an in-process S3 (gofakes3) with one bucket and returns a store on it.
func fakeS3(t *testing.T) *S3 {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("hive"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	st, err := FromConfig(config.Config{S3: config.S3Config{Endpoint: strings.TrimPrefix(srv.URL, "http://"),
		Bucket: "hive", AccessKey: "key", SecretKey: "secret", Region: "us-east-1"}})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*S3)
}

func TestStores(t *testing.T) {
	stores := map[string]func(t *testing.T) Store{
		"local": func(t *testing.T) Store {
			st, err := FromConfig(config.Config{DataDir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			return st
		},
		"s3": func(t *testing.T) Store { return fakeS3(t) },
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			st := open(t)
			if _, _, err := st.Get(ctx, "users/1/missing"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("get missing: %v", err)
			}
			body := "hello, blob"
			if err := st.Put(ctx, "users/1/a.txt", "text/plain", strings.NewReader(body), int64(len(body))); err != nil {
				t.Fatal(err)
			}
			r, info, err := st.Get(ctx, "users/1/a.txt")
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(r)
			r.Close()
			if string(data) != body || info.ContentType != "text/plain" || info.Size != int64(len(body)) {
				t.Fatalf("got %q %+v", data, info)
			}
			if err := st.Delete(ctx, "users/1/a.txt"); err != nil {
				t.Fatal(err)
			}
			if err := st.Delete(ctx, "users/1/a.txt"); err != nil {
				t.Fatalf("second delete: %v", err)
			}
			if _, _, err := st.Get(ctx, "users/1/a.txt"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("get deleted: %v", err)
			}
			for _, bad := range []string{"", "../x", "a/../../x", "/etc/passwd", "a//b", "a/./b", `a\b`, "a/b.meta", "é"} {
				if err := st.Put(ctx, bad, "text/plain", strings.NewReader("x"), 1); !errors.Is(err, ErrBadKey) {
					t.Errorf("put %q: %v, want ErrBadKey", bad, err)
				}
			}
		})
	}
}

func TestLocalStaysInsideItsDirectory(t *testing.T) {
	dir := t.TempDir()
	st := &Local{Dir: filepath.Join(dir, "blobs")}
	if err := st.Put(context.Background(), "..", "", strings.NewReader("x"), 1); err == nil {
		t.Fatal("'..' accepted")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Fatalf("wrote outside: %v", entries)
	}
}

func TestSigner(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	s := NewSigner("0123456789abcdef0123456789abcdef")
	s.Now = func() time.Time { return now }
	url, exp, err := s.SignUploadURL("users/7/profile/abc", "image/*", 5<<20, 10*time.Minute)
	if err != nil || !strings.HasPrefix(url, UploadPath) || !exp.Equal(now.Add(10*time.Minute)) {
		t.Fatalf("%q %v %v", url, exp, err)
	}
	token := strings.TrimPrefix(url, UploadPath)
	u, err := s.Verify(token)
	if err != nil || u.Key != "users/7/profile/abc" || u.MaxBytes != 5<<20 || u.ContentType != "image/*" {
		t.Fatalf("%+v %v", u, err)
	}
	// Forged: payload changed, signature kept.
	p, sig, _ := strings.Cut(token, ".")
	if _, err := s.Verify(p[:len(p)-2] + "xx." + sig); !errors.Is(err, ErrBadToken) {
		t.Fatalf("forged: %v", err)
	}
	// Another secret.
	other := NewSigner("another secret of thirty-two chars!!")
	other.Now = s.Now
	if _, err := other.Verify(token); !errors.Is(err, ErrBadToken) {
		t.Fatalf("other key: %v", err)
	}
	// Expired.
	now = now.Add(11 * time.Minute)
	if _, err := s.Verify(token); !errors.Is(err, ErrBadToken) {
		t.Fatalf("expired: %v", err)
	}
	for _, junk := range []string{"", ".", "abc", "a.b.c"} {
		if _, err := s.Verify(junk); !errors.Is(err, ErrBadToken) {
			t.Fatalf("%q: %v", junk, err)
		}
	}
}
