package files_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/database"
)

// TestAttack_ProfileImageOnlyForThoseWhoMaySeeTheProfile is review item 15 (profile images): a
// freelancer working for another client fetches the images of people whose profiles they may
// not see, a client's staff member and a fellow freelancer, by the address the profile gives.
// Before the fix any signed-in user got them; now each is the 404 a user without an image gets,
// the upload route serves nothing back, and the blob directory is not reachable over HTTP.
func TestAttack_ProfileImageOnlyForThoseWhoMaySeeTheProfile(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		img := pngBytes(t)
		urls := map[string]string{}
		for _, role := range []string{apptest.Staff, apptest.Freelancer} {
			c := f.s.As(role)
			var res files.UploadResult
			put(c, uploadURL(t, c, f.users[role]).UploadURL, img, "image/png").Want(http.StatusOK).Decode(&res)
			urls[role] = res.ProfileImageURL
		}
		// Grace freelances for another client.
		grace := f.s.Login("grace.adeyemi@hive.test")
		ctx := context.Background()
		if err := f.db.InTx(ctx, func(tx *database.Tx) error {
			var other int64
			if err := tx.Get(ctx, &other, `INSERT INTO entities (name, name_lc, type, created_at, updated_at)
				VALUES ('Southern Pictures', 'southern pictures', 'client', ?, ?) RETURNING id`, tx.Now, tx.Now); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_select, created_at, updated_at)
				SELECT id, ?, TRUE, ?, ? FROM users WHERE email_lc = 'grace.adeyemi@hive.test'`, other, tx.Now, tx.Now)
			return err
		}); err != nil {
			t.Fatal(err)
		}

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
