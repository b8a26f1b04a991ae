package files

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"

	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/database"
)

// Avatar draws a 5×5 mirrored pattern (an identicon) in a colour derived from seed, 120 px
// square: distinct, recognisable placeholder photos for demo accounts, made without any asset.
func Avatar(seed string) []byte {
	sum := sha256.Sum256([]byte(seed))
	fg := color.RGBA{R: 40 + sum[0]%150, G: 40 + sum[1]%150, B: 40 + sum[2]%150, A: 255}
	bg := color.RGBA{R: 240, G: 240, B: 236, A: 255}
	const cell, size = 20, 120 // 5 cells and a 10 px margin on each side
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			img.Set(x, y, bg)
		}
	}
	for row := 0; row < 5; row++ {
		for col := 0; col < 3; col++ {
			if sum[3+row*3+col]%2 == 0 {
				continue
			}
			for _, c := range []int{col, 4 - col} {
				for y := 0; y < cell; y++ {
					for x := 0; x < cell; x++ {
						img.Set(10+c*cell+x, 10+row*cell+y, fg)
					}
				}
			}
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img) // writing to memory cannot fail
	return b.Bytes()
}

// SeedDemoAvatars gives every demo freelancer (address at demo.hive.test or hive.test) without
// a photo a generated one. It can run any number of times.
func SeedDemoAvatars(ctx context.Context, db *database.DB, store blob.Store) (int, error) {
	var users []struct {
		ID    int64  `db:"id"`
		Email string `db:"email"`
	}
	if err := db.Select(ctx, &users, `SELECT id, email FROM users
		WHERE is_freelancer = TRUE AND profile_image_key = '' AND email_lc LIKE '%hive.test' ORDER BY id`); err != nil {
		return 0, err
	}
	for _, u := range users {
		data := Avatar(u.Email)
		key := profileKeyPrefix(u.ID) + "demo-" + strconv.FormatInt(u.ID, 10) + ".png"
		if err := store.Put(ctx, key, "image/png", bytes.NewReader(data), int64(len(data))); err != nil {
			return 0, fmt.Errorf("demo avatar of user %d: %w", u.ID, err)
		}
		if err := db.InTx(ctx, func(tx *database.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE users SET profile_image_key = ? WHERE id = ? AND profile_image_key = ''`, key, u.ID)
			return err
		}); err != nil {
			return 0, err
		}
	}
	return len(users), nil
}
