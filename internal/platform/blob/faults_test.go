package blob

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/nettest"
)

// brokenReader gives some bytes, then fails, as a client that stops sending mid-upload does.
type brokenReader struct{ sent bool }

func (b *brokenReader) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		return copy(p, "half a file"), nil
	}
	return 0, errors.New("connection reset by client")
}

// leftovers lists every file below dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestLocalPutThatFailsMidwayLeavesTheOldBlobWhole(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	l := &Local{Dir: dir}
	if err := l.Put(ctx, "users/1/a", "text/plain", strings.NewReader("old"), 3); err != nil {
		t.Fatal(err)
	}
	err := l.Put(ctx, "users/1/a", "image/png", &brokenReader{}, -1)
	if err == nil || errors.Is(err, apperror.ErrUnavailable) {
		t.Fatalf("a client's failure: %v (want its own error, not a 503)", err)
	}
	if err := l.Put(ctx, "users/1/b", "image/png", &brokenReader{}, -1); err == nil {
		t.Fatal("no error")
	}
	r, info, err := l.Get(ctx, "users/1/a")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(r)
	r.Close()
	if string(got) != "old" || info.ContentType != "text/plain" {
		t.Fatalf("after a failed put: %q %s", got, info.ContentType)
	}
	if _, _, err := l.Get(ctx, "users/1/b"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a failed first put left something: %v", err)
	}
	if files := leftovers(t, dir); len(files) != 2 { // a and a.meta
		t.Fatalf("files left: %v", files)
	}
}

// TestLocalStoreThatCannotWriteIsUnavailable stands for a full or read-only disk: the store's
// directory cannot be written (its parent is a file), and Put answers unavailable.
func TestLocalStoreThatCannotWriteIsUnavailable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	l := &Local{Dir: filepath.Join(file, "blobs")}
	err := l.Put(context.Background(), "users/1/a", "image/png", strings.NewReader("x"), 1)
	if !errors.Is(err, apperror.ErrUnavailable) {
		t.Fatalf("unwritable store: %v", err)
	}
}

func TestS3OutOfReachIsUnavailable(t *testing.T) {
	st, err := FromConfig(config.Config{S3: config.S3Config{Endpoint: nettest.ClosedAddr(t), Bucket: "hive", AccessKey: "key",
		SecretKey: "secret", Region: "us-east-1"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := st.Put(ctx, "users/1/a", "image/png", strings.NewReader("x"), 1); !errors.Is(err, apperror.ErrUnavailable) {
		t.Fatalf("put: %v", err)
	}
	if _, _, err := st.Get(ctx, "users/1/a"); !errors.Is(err, apperror.ErrUnavailable) {
		t.Fatalf("get: %v", err)
	}
}
