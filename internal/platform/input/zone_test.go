package input

import "testing"

func TestValidZone(t *testing.T) {
	for name, want := range map[string]bool{
		"Europe/London": true, "UTC": true, "America/Argentina/Buenos_Aires": true,
		"": false, "Local": false, "Mars/Olympus": false, "../etc/passwd": false,
		"/etc/localtime": false, "Europe/London/../../UTC": false, "/usr/share/zoneinfo/UTC": false,
		"Europe/Nowhere": false,
	} {
		if got := ValidZone(name); got != want {
			t.Errorf("ValidZone(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestZoneIsCachedAndRight(t *testing.T) {
	a, err := Zone("Europe/Paris")
	if err != nil || a.String() != "Europe/Paris" {
		t.Fatalf("%v, %v", a, err)
	}
	if b, _ := Zone("Europe/Paris"); b != a {
		t.Fatal("a second load made a new location")
	}
}

func FuzzZone(f *testing.F) {
	for _, s := range []string{"Europe/London", "Local", "", "../x", "UTC"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		loc, err := Zone(name)
		if err == nil && (loc == nil || name == "" || name == "Local") {
			t.Fatalf("accepted %q", name)
		}
	})
}
