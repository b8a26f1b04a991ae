package apptest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TinyPNG is a side×side PNG image, transparent but for one red pixel: an upload that the
// image checks accept, for the tests of profile images and documents.
func TinyPNG(t testing.TB, side int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
