package profile

import "testing"

func TestAmounts(t *testing.T) {
	for in, want := range map[string]int64{"350": 35000, "350.5": 35050, "0.01": 1, "12.34": 1234} {
		if got, ok := ParseAmount(in); !ok || got != want {
			t.Errorf("ParseAmount(%q) = %d, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"", "1.234", "-1", "1e3", "abc", "1."} {
		if _, ok := ParseAmount(bad); ok {
			t.Errorf("ParseAmount(%q) accepted", bad)
		}
	}
	if FormatMinor(35050) != "350.50" || FormatMinor(5) != "0.05" {
		t.Error("FormatMinor")
	}
}

func TestURLsAndZones(t *testing.T) {
	if !ValidURL("https://x.test/a") || ValidURL("javascript:alert(1)") || ValidURL("ftp://x") || ValidURL("x.test") {
		t.Error("ValidURL")
	}
	if !ZoneFits("GB", "Europe/London") || !ZoneFits("GB", "UTC") || ZoneFits("GB", "Europe/Paris") || ZoneFits("GB", "Nowhere/Else") {
		t.Error("ZoneFits")
	}
}
