package companieshouse

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/companieshouse/chfake"
)

func TestLookup(t *testing.T) {
	srv := chfake.Start(t)
	c := New(srv.URL, chfake.Key)
	ctx := context.Background()
	co, err := c.Lookup(ctx, "09876543")
	if err != nil {
		t.Fatal(err)
	}
	a := co.RegisteredOfficeAddress
	if co.CompanyName != "NORTHERN LIGHTS BROADCAST SERVICES LIMITED" || co.CompanyStatus != "active" || co.Type != "ltd" ||
		co.DateOfCreation != "2015-11-02" || !co.HasCharges || !slices.Equal(co.SicCodes, []string{"59113", "60200"}) ||
		a.AddressLine1 != "Media City UK" || a.AddressLine2 != "Blue Tower, Floor 4" || a.PoBox != "PO Box 123" ||
		a.Locality != "Salford" || a.Country != "England" || a.PostalCode != "M50 2ST" || a.CareOf != "Company Secretary" {
		t.Errorf("active: %+v", co)
	}
	co, err = c.Lookup(ctx, "SC412345")
	if err != nil || co.CompanyStatus != "dissolved" || co.HasCharges || co.RegisteredOfficeAddress.AddressLine2 != "" {
		t.Errorf("dissolved: %+v %v", co, err)
	}
	if _, err := c.Lookup(ctx, "01234567"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown: %v", err)
	}
	if _, err := c.Lookup(ctx, "99999999"); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("server error: %v", err)
	}
	if _, err := New(srv.URL, "wrong").Lookup(ctx, "09876543"); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("bad key: %v", err)
	}
	if _, err := New("http://127.0.0.1:1", chfake.Key).Lookup(ctx, "09876543"); err == nil {
		t.Error("unreachable server answered")
	}
}

func TestNormalize(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"09876543", "09876543", true},
		{"9876543", "09876543", true},
		{"876543", "00876543", true},
		{" sc 123456 ", "SC123456", true},
		{"NI012345", "NI012345", true},
		{"OC301234", "OC301234", true},
		{"LP012345", "LP012345", true},
		{"SC12345", "SC012345", true},
		{"", "", false},
		{"12345", "12345", false},
		{"123456789", "123456789", false},
		{"XX123456", "XX123456", false},
		{"SC12A456", "SC12A456", false},
		{"ABCDEFGH", "ABCDEFGH", false},
	}
	for _, c := range cases {
		got, ok := Normalize(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("%q: %q %v, want %q %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
