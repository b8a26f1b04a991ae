package files_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"net/http/httptest"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestProfileImage(t *testing.T) {
	eachEngine(t, testProfileImage)
}

// TestProfileImageOnS3 runs the same journey with the blobs in an in-process fake S3.
func TestProfileImageOnS3(t *testing.T) {
	backend := s3mem.New()
	if err := backend.CreateBucket("hive"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	f := setup(t, databasetest.SQLite(t), func(c *config.Config) {
		c.S3 = config.S3Config{Endpoint: strings.TrimPrefix(srv.URL, "http://"), Bucket: "hive",
			AccessKey: "key", SecretKey: "secret", Region: "us-east-1"}
	})
	testProfileImage(t, f)
	objs, err := backend.ListBucket("hive", nil, gofakes3.ListBucketPage{})
	if err != nil || len(objs.Contents) != 1 || !strings.HasPrefix(objs.Contents[0].Key, fmt.Sprintf("users/%d/profile/", f.users["freelancer"])) {
		t.Fatalf("bucket holds %+v %v", objs, err)
	}
}

func testProfileImage(t *testing.T, f *fixture) {
	fl := f.s.As(apptest.Freelancer)
	me := f.users["freelancer"]
	img := apptest.TinyPNG(t, 4)

	// Happy path: the user themself.
	u := uploadURL(t, fl, me)
	var res files.UploadResult
	put(fl, u.UploadURL, img, "image/png").Want(http.StatusOK).Decode(&res)
	key := f.imageKey(t, me)
	if res.ProfileImageURL != files.ProfileImageURL(me, key) || res.ProfileImageURL == "" {
		t.Fatalf("url %q for key %q", res.ProfileImageURL, key)
	}
	var audits int
	_ = f.db.Get(context.Background(), &audits, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'user' AND record_id = ?
		AND row_json LIKE '%profileImageKey%'`, me)
	if audits != 1 {
		t.Fatalf("%d audit records", audits)
	}
	// Whoever may see the profile (a client's manager sees freelancers) sees it, with the right
	// headers; staff who may not see the profile get what a user without an image gets.
	got := f.s.As(apptest.Manager).Do("GET", res.ProfileImageURL, nil).Want(http.StatusOK)
	if !bytes.Equal(got.Body, img) || got.Header.Get("Content-Type") != "image/png" ||
		!strings.HasPrefix(got.Header.Get("Cache-Control"), "private") || got.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("served %d bytes, headers %v", len(got.Body), got.Header)
	}
	f.s.As(apptest.Staff).Do("GET", res.ProfileImageURL, nil).WantError(http.StatusNotFound, "N-404")
	f.s.As(apptest.Anonymous).Do("GET", res.ProfileImageURL, nil).Want(http.StatusUnauthorized)

	// An administrator replaces it; the old blob goes.
	admin := f.s.As(apptest.Admin)
	u2 := uploadURL(t, admin, me)
	var res2 files.UploadResult
	put(admin, u2.UploadURL, img, "image/png").Want(http.StatusOK).Decode(&res2)
	if res2.ProfileImageURL == res.ProfileImageURL {
		t.Fatal("same url after a new image")
	}

	// Someone else may neither get a URL nor use the user's URL.
	for _, role := range []string{apptest.Manager, apptest.DeptMgr, apptest.Staff} {
		f.s.As(role).Do("GET", fmt.Sprintf("/account/%d/profile_image", me), nil).Want(http.StatusForbidden)
	}
	f.s.As(apptest.Anonymous).Do("GET", fmt.Sprintf("/account/%d/profile_image", me), nil).Want(http.StatusUnauthorized)
	admin.Do("GET", "/account/999999/profile_image", nil).Want(http.StatusNotFound)
	u3 := uploadURL(t, fl, me)
	put(f.s.As(apptest.Staff), u3.UploadURL, img, "image/png").Want(http.StatusForbidden)

	// Not an image, though it claims to be one.
	res3 := put(fl, u3.UploadURL, []byte("<html><script>alert(1)</script></html>"), "image/png").Want(http.StatusUnprocessableEntity)
	if !strings.Contains(string(res3.Body), files.MsgNotAnImage) {
		t.Fatalf("body %s", res3.Body)
	}
	// Sniffs as PNG but does not decode.
	broken := append(append([]byte{}, img[:20]...), bytes.Repeat([]byte{0}, 50)...)
	put(fl, u3.UploadURL, broken, "image/png").Want(http.StatusUnprocessableEntity)
	// A PDF is not an image either.
	put(fl, u3.UploadURL, []byte("%PDF-1.4\n%\xe2\xe3\n1 0 obj<<>>endobj\n"), "image/jpeg").Want(http.StatusUnprocessableEntity)

	// Too large: 413 with a clear message.
	big := append(append([]byte{}, img...), make([]byte, files.ProfileImageMaxBytes)...)
	res4 := put(fl, u3.UploadURL, big, "image/png")
	if res4.Status != http.StatusRequestEntityTooLarge || !strings.Contains(string(res4.Body), "5 MB") {
		t.Fatalf("oversize: %d %s", res4.Status, res4.Body)
	}

	// Forged and expired tokens.
	token := strings.TrimPrefix(u3.UploadURL, blob.UploadPath)
	payload, sig, _ := strings.Cut(token, ".")
	put(fl, blob.UploadPath+payload+"."+strings.Repeat("A", len(sig)), img, "image/png").WantError(http.StatusForbidden, "A-105")
	expired := blob.NewSigner("")
	expired.Now = func() time.Time { return time.Now().Add(-time.Hour) }
	old, _, _ := expired.SignUploadURL(fmt.Sprintf("users/%d/profile/x", me), "image/*", 5<<20, time.Minute)
	put(fl, old, img, "image/png").WantError(http.StatusForbidden, "A-105")
}

func TestProfileImageExpiredTokenSameKey(t *testing.T) {
	// A token signed with the server's key but already expired is refused: the server signs with
	// HIVE_SECRET when set, so the test can mint one.
	secret := strings.Repeat("s", 32)
	f := setup(t, databasetest.SQLite(t), func(c *config.Config) { c.Secret = secret })
	me := f.users["freelancer"]
	signer := blob.NewSigner(secret)
	signer.Now = func() time.Time { return time.Now().Add(-time.Hour) }
	url, _, _ := signer.SignUploadURL(fmt.Sprintf("users/%d/profile/x", me), "image/*", 5<<20, time.Minute)
	put(f.s.As(apptest.Freelancer), url, apptest.TinyPNG(t, 4), "image/png").WantError(http.StatusForbidden, "A-105")
	signer.Now = time.Now
	url, _, _ = signer.SignUploadURL(fmt.Sprintf("users/%d/profile/x", me), "image/*", 5<<20, time.Minute)
	put(f.s.As(apptest.Freelancer), url, apptest.TinyPNG(t, 4), "image/png").Want(http.StatusOK)
}

func TestDocuments(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		me := f.users["freelancer"]
		base := fmt.Sprintf("/account/%d/documents", me)
		upload := func(role, name string, data []byte) *apptest.Response {
			body, ct := multipartBody(t, name, data)
			return f.s.As(role).Do("POST", base, body, "Content-Type", ct)
		}

		var doc files.DocumentView
		upload(apptest.Freelancer, `..\evil"name.pdf`, pdfBytes).Want(http.StatusCreated).Decode(&doc)
		if doc.Name != `evil_name.pdf` || doc.ContentType != "application/pdf" || doc.Size != int64(len(pdfBytes)) ||
			doc.UploadedBy == nil || doc.UploadedBy.ID != me || doc.UploadedBy.FullName == "" {
			t.Fatalf("doc %+v", doc)
		}
		var byAdmin files.DocumentView
		upload(apptest.Admin, "photo.png", apptest.TinyPNG(t, 4)).Want(http.StatusCreated).Decode(&byAdmin)

		// Refused content: an HTML page named .pdf, an unknown extension, an empty file.
		upload(apptest.Freelancer, "cv.pdf", []byte("<html><body>hi</body></html>")).Want(http.StatusUnprocessableEntity)
		upload(apptest.Freelancer, "run.exe", pdfBytes).Want(http.StatusUnprocessableEntity)
		upload(apptest.Freelancer, "empty.pdf", nil).Want(http.StatusUnprocessableEntity)
		// Past the limit by more than the form's allowance: refused before the body is read. (Files just
		// over 10 MB are refused by their size once the server-wide body cap allows them through.)
		big := append(append([]byte{}, pdfBytes...), make([]byte, files.DocumentMaxBytes+2<<20)...)
		upload(apptest.Freelancer, "big.pdf", big).Want(http.StatusRequestEntityTooLarge)

		var list files.DocumentList
		f.s.As(apptest.Freelancer).Do("GET", base, nil).Want(http.StatusOK).Decode(&list)
		if list.Total != 2 || len(list.Items) != 2 {
			t.Fatalf("list %+v", list)
		}

		dl := f.s.As(apptest.Freelancer).Do("GET", fmt.Sprintf("%s/%d/file", base, doc.ID), nil).Want(http.StatusOK)
		if !bytes.Equal(dl.Body, pdfBytes) || dl.Header.Get("Content-Type") != "application/pdf" ||
			!strings.HasPrefix(dl.Header.Get("Content-Disposition"), `attachment; filename="evil_name.pdf"`) {
			t.Fatalf("download headers %v", dl.Header)
		}

		docPath := fmt.Sprintf("%s/%d", base, doc.ID)
		adminDoc := fmt.Sprintf("%s/%d", base, byAdmin.ID)
		// staff manages another client, which the freelancer is not linked to.
		orgtest.LinkEntity(t, f.db, f.users["staff"], orgtest.Entity(t, f.db, "Southern Pictures", "client"), true, true)
		var cases []apptest.Case
		for _, role := range []string{apptest.Manager, apptest.DeptMgr, apptest.Staff} {
			read := http.StatusForbidden
			if role == apptest.Manager { // manages a client the freelancer is linked to: reads, never changes
				read = http.StatusOK
			}
			cases = append(cases,
				apptest.Case{As: role, Method: "GET", Path: base, Status: read},
				apptest.Case{As: role, Method: "GET", Path: docPath + "/file", Status: read},
				apptest.Case{As: role, Method: "DELETE", Path: docPath, Status: http.StatusForbidden},
				apptest.Case{As: role, Method: "POST", Path: base, Body: map[string]string{}, Status: http.StatusForbidden})
		}
		cases = append(cases,
			apptest.Case{As: apptest.Anonymous, Method: "GET", Path: base, Status: http.StatusUnauthorized},
			apptest.Case{As: apptest.Anonymous, Method: "DELETE", Path: docPath, Status: http.StatusUnauthorized},
			apptest.Case{As: apptest.Admin, Method: "GET", Path: base, Status: http.StatusOK},
			apptest.Case{As: apptest.Admin, Method: "GET", Path: docPath + "/file", Status: http.StatusOK},
			apptest.Case{As: apptest.Admin, Method: "GET", Path: "/account/999999/documents", Status: http.StatusNotFound},
			apptest.Case{Name: "another user's document id", As: apptest.Admin, Method: "GET",
				Path: fmt.Sprintf("/account/%d/documents/%d/file", f.users["staff"], doc.ID), Status: http.StatusNotFound},
			apptest.Case{As: apptest.Freelancer, Method: "GET", Path: fmt.Sprintf("/account/%d/documents", f.users["staff"]), Status: http.StatusForbidden},
			apptest.Case{As: apptest.Admin, Method: "DELETE", Path: adminDoc, Status: http.StatusNoContent},
			apptest.Case{As: apptest.Freelancer, Method: "DELETE", Path: docPath, Status: http.StatusNoContent},
			apptest.Case{As: apptest.Freelancer, Method: "DELETE", Path: docPath, Status: http.StatusNotFound},
			apptest.Case{As: apptest.Freelancer, Method: "GET", Path: docPath + "/file", Status: http.StatusNotFound},
		)
		f.s.Run(t, cases)

		f.s.As(apptest.Freelancer).Do("GET", base, nil).Want(http.StatusOK).Decode(&list)
		if list.Total != 0 {
			b, _ := json.Marshal(list)
			t.Fatalf("after delete: %s", b)
		}
	})
}

// TestLargeProfileImage uploads a 2 MB photo. It passes once the server-wide body cap
// (httpapi.LimitBody, 1 MB) lets upload routes through; until then it is skipped.
func TestLargeProfileImage(t *testing.T) {
	f := setup(t, databasetest.SQLite(t))
	img := image.NewNRGBA(image.Rect(0, 0, 800, 800))
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(rnd.IntN(256))
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if b.Len() < 1<<21 || b.Len() > files.ProfileImageMaxBytes {
		t.Fatalf("test image is %d bytes", b.Len())
	}
	fl := f.s.As(apptest.Freelancer)
	u := uploadURL(t, fl, f.users["freelancer"])
	res := put(fl, u.UploadURL, b.Bytes(), "image/png")
	res.Want(http.StatusOK)
}

// TestDocumentJustOverLimit sends a document a little over 10 MB, which only the file size check
// catches (the server-wide cap lets uploads through at 16 MB).
func TestDocumentJustOverLimit(t *testing.T) {
	f := setup(t, databasetest.SQLite(t))
	pdf := append([]byte("%PDF-1.4\n"), make([]byte, files.DocumentMaxBytes)...)
	body, ct := multipartBody(t, "big.pdf", pdf)
	res := f.s.As(apptest.Freelancer).Do("POST", fmt.Sprintf("/account/%d/documents", f.users["freelancer"]), body, "Content-Type", ct)
	res.Want(http.StatusRequestEntityTooLarge)
	if !strings.Contains(string(res.Body), files.MsgDocTooLarge) {
		t.Fatalf("body %s", res.Body)
	}
}
