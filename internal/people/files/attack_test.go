package files_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/people/files"
)

// TestAttack_ProfileImageOnlyForThoseWhoMaySeeTheProfile is the profile images rule: a
// freelancer working for another client fetches the images of people whose profiles they may
// not see, a client's staff member and a fellow freelancer, by the address the profile gives.
// Each is the 404 a user without an image gets, the upload route serves nothing back, and the
// blob directory is not reachable over HTTP.
func TestAttack_ProfileImageOnlyForThoseWhoMaySeeTheProfile(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		img := apptest.TinyPNG(t, 4)
		urls := map[string]string{}
		for _, role := range []string{apptest.Staff, apptest.Freelancer} {
			c := f.s.As(role)
			var res files.UploadResult
			put(c, uploadURL(t, c, f.users[role]).UploadURL, img, "image/png").Want(http.StatusOK).Decode(&res)
			urls[role] = res.ProfileImageURL
		}
		// Grace freelances for another client.
		grace := f.s.Login("grace.adeyemi@hive.test")
		other := orgtest.Entity(t, f.db, "Southern Pictures", "client")
		orgtest.LinkEntity(t, f.db, orgtest.UserID(t, f.db, "grace.adeyemi@hive.test"), other, false, true)

		noImage := grace.Do("GET", fmt.Sprintf("/account/%d/profile_image/file", f.users["dept"]), nil).WantError(http.StatusNotFound, "N-404")
		for role, url := range urls {
			res := grace.Do("GET", url, nil)
			if res.Status != http.StatusNotFound || !bytes.Equal(res.Body, noImage.Body) {
				t.Fatalf("%s's image: %d %s", role, res.Status, res.Body)
			}
			// Those who may see the profile still get it: the user and an administrator.
			f.s.As(role).Do("GET", url, nil).Want(http.StatusOK)
			f.s.As(apptest.Admin).Do("GET", url, nil).Want(http.StatusOK)
		}

		nobody := grace.Do("GET", "/account/999999/profile_image/file", nil)
		if nobody.Status != http.StatusNotFound || !bytes.Equal(noImage.Body, nobody.Body) {
			t.Fatalf("no image %s, no user %d %s", noImage.Body, nobody.Status, nobody.Body)
		}

		// Around the check: the upload address does not serve the blob back, and the blob keys are
		// no web paths.
		key := f.imageKey(t, f.users[apptest.Staff])
		upload := uploadURL(t, f.s.As(apptest.Staff), f.users[apptest.Staff]).UploadURL
		for _, path := range []string{upload, "/" + key, "/blobs/" + key, "/api/v1/" + key, "/api/v1/blob/" + key} {
			res := grace.Do("GET", path, nil)
			if res.Status == http.StatusOK && (bytes.Equal(res.Body, img) || strings.HasPrefix(res.Header.Get("Content-Type"), "image/")) {
				t.Fatalf("GET %s serves the image", path)
			}
		}
	})
}
