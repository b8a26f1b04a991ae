// Command appicons draws the web app's install icons (web/public/icons) from the shape of
// web/public/favicon.svg: the blue hexagon with a white H. It is run by hand when the mark
// changes (go run ./tools/appicons web/public/icons), and its PNGs are committed.
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// The favicon's shapes, on its 32 × 32 grid.
var (
	hexagon = [][2]float64{{16, 2}, {28, 9}, {28, 23}, {16, 30}, {4, 23}, {4, 9}}
	letterH = [][2]float64{{11, 10}, {14, 10}, {14, 15}, {18, 15}, {18, 10}, {21, 10}, {21, 22}, {18, 22}, {18, 18},
		{14, 18}, {14, 22}, {11, 22}}
	blue  = color.NRGBA{0x19, 0x71, 0xc2, 0xff}
	white = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

// inside reports whether (x, y) is inside polygon (even-odd rule).
func inside(poly [][2]float64, x, y float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// draw renders the mark at size pixels. A maskable icon has a full blue background and the mark
// within the middle 80 % (the safe zone launchers keep when they cut their shape); the plain
// icon is the hexagon on transparency.
func draw(size int, maskable bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale, offset := float64(size)/32, 0.0
	if maskable {
		scale, offset = float64(size)*0.8/32, float64(size)*0.1
	}
	const samples = 4
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < samples; sy++ {
				for sx := 0; sx < samples; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/samples - offset) / scale
					y := (float64(py) + (float64(sy)+0.5)/samples - offset) / scale
					c := color.NRGBA{}
					switch {
					case inside(letterH, x, y) && inside(hexagon, x, y):
						c = white
					case maskable || inside(hexagon, x, y):
						c = blue
					}
					al := float64(c.A) / 255
					r, g, b, a = r+float64(c.R)*al, g+float64(c.G)*al, b+float64(c.B)*al, a+al
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r/a + 0.5), uint8(g/a + 0.5), uint8(b/a + 0.5),
				uint8(a/(samples*samples)*255 + 0.5)})
		}
	}
	return img
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: appicons DIR")
		os.Exit(2)
	}
	icons := []struct {
		name     string
		size     int
		maskable bool
	}{{"icon-192.png", 192, false}, {"icon-512.png", 512, false}, {"maskable-512.png", 512, true},
		{"apple-touch-icon.png", 180, true}}
	for _, ic := range icons {
		f, err := os.Create(filepath.Join(os.Args[1], ic.name))
		if err == nil {
			err = png.Encode(f, draw(ic.size, ic.maskable))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
