package files_test

import (
	"bytes"
	"context"
	"image/png"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/database"
)

func TestAvatar(t *testing.T) {
	a, b := files.Avatar("felix@hive.test"), files.Avatar("ada@hive.test")
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil || img.Bounds().Dx() != 120 {
		t.Fatalf("not a 120 px PNG: %v", err)
	}
	if bytes.Equal(a, b) || !bytes.Equal(a, files.Avatar("felix@hive.test")) {
		t.Fatal("avatars must differ per seed and repeat for the same seed")
	}
}

func TestSeedDemoAvatars(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		store := &blob.Local{Dir: t.TempDir()}
		ctx := context.Background()
		n, err := files.SeedDemoAvatars(ctx, db, store)
		if err != nil || n == 0 {
			t.Fatalf("seeded %d, %v", n, err)
		}
		if again, err := files.SeedDemoAvatars(ctx, db, store); err != nil || again != 0 {
			t.Fatalf("second run seeded %d, %v", again, err)
		}
		var key string
		if err := db.Get(ctx, &key, `SELECT profile_image_key FROM users WHERE email_lc = 'freelancer@hive.test'`); err != nil || key == "" {
			t.Fatalf("key %q, %v", key, err)
		}
		rc, info, err := store.Get(ctx, key)
		if err != nil || info.ContentType != "image/png" {
			t.Fatalf("stored avatar: %v %+v", err, info)
		}
		rc.Close()
		_ = s
	})
}
