package files_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/nettest"
)

// fullDisk is a blob store on a disk that fills up: while full is set, Put reads part of the
// file and fails with ENOSPC, as the local store does when a write meets a full disk.
type fullDisk struct {
	blob.Store
	full atomic.Bool
}

func (d *fullDisk) Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error {
	if d.full.Load() {
		_, _ = io.CopyN(io.Discard, r, 10)
		return apperror.Unavailable(fmt.Errorf("write %s: %w", key, syscall.ENOSPC))
	}
	return d.Store.Put(ctx, key, contentType, r, size)
}

// wantUnavailable checks the spec's answer to a store that is down: 503 S-503, the one error
// shape, a Retry-After, and nothing of the cause.
func wantUnavailable(t *testing.T, r *apptest.Response) {
	t.Helper()
	r.WantError(http.StatusServiceUnavailable, apperror.CodeTooManyRequests)
	if r.Header.Get("Retry-After") == "" || !strings.Contains(string(r.Body), httpapi.MsgUnavailable) ||
		strings.Contains(string(r.Body), "space") || strings.Contains(string(r.Body), "127.0.0.1") {
		t.Fatalf("503 headers %v body %s", r.Header, r.Body)
	}
}

// wantUploadsUnavailable checks that both of the freelancer's uploads, the profile image img and
// a document, get the 503.
func (f *fixture) wantUploadsUnavailable(t *testing.T, img []byte) {
	t.Helper()
	fl := f.s.As(apptest.Freelancer)
	me := f.users["freelancer"]
	wantUnavailable(t, put(fl, uploadURL(t, fl, me).UploadURL, img, "image/png"))
	body, ct := multipartBody(t, "cv.pdf", pdfBytes)
	wantUnavailable(t, fl.Do("POST", fmt.Sprintf("/account/%d/documents", me), body, "Content-Type", ct))
}

func TestAFullDiskAnswers503AndLeavesNoHalfFile(t *testing.T) {
	disk := &fullDisk{Store: &blob.Local{Dir: t.TempDir()}}
	files.UseBlobStore(t, disk)
	f := setup(t, databasetest.SQLite(t))
	fl := f.s.As(apptest.Freelancer)
	me := f.users["freelancer"]
	img := apptest.TinyPNG(t, 4)

	var before files.UploadResult
	put(fl, uploadURL(t, fl, me).UploadURL, img, "image/png").Want(http.StatusOK).Decode(&before)
	disk.full.Store(true)
	f.wantUploadsUnavailable(t, img)

	// The profile still names the image it had, whose file is whole; no document row was made.
	key, docs := f.imageKey(t, me), f.documents(t, me)
	if files.ProfileImageURL(me, key) != before.ProfileImageURL || docs != 0 {
		t.Fatalf("after the full disk: key %q (was %s), %d documents", key, before.ProfileImageURL, docs)
	}
	got := f.s.As(apptest.Manager).Do("GET", before.ProfileImageURL, nil).Want(http.StatusOK)
	if string(got.Body) != string(img) {
		t.Fatal("the old image is not whole")
	}
	disk.full.Store(false)
	put(fl, uploadURL(t, fl, me).UploadURL, img, "image/png").Want(http.StatusOK)
}

func TestAnUnreachableS3Answers503AndRecordsNothing(t *testing.T) {
	closed := nettest.ClosedAddr(t)
	f := setup(t, databasetest.SQLite(t), func(c *config.Config) {
		c.S3 = config.S3Config{Endpoint: closed, Bucket: "hive", AccessKey: "key", SecretKey: "secret", Region: "us-east-1"}
	})
	f.wantUploadsUnavailable(t, apptest.TinyPNG(t, 4))
	me := f.users["freelancer"]
	if key, docs := f.imageKey(t, me), f.documents(t, me); key != "" || docs != 0 {
		t.Fatalf("an unreachable store left key %q and %d documents", key, docs)
	}
}
