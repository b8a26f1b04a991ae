package legalentities

import (
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
)

func TestVATHundredths(t *testing.T) {
	cases := []struct {
		in   float64
		want int
		ok   bool
	}{{20, 2000, true}, {0, 0, true}, {100, 10000, true}, {17.5, 1750, true}, {12.25, 1225, true}, {0.75, 75, true},
		{12.3, 2000, false}, {-0.25, 2000, false}, {100.25, 2000, false}, {12.125, 2000, false}}
	for _, c := range cases {
		if got, ok := VATHundredths(c.in); got != c.want || ok != c.ok {
			t.Errorf("%v: %d %v", c.in, got, ok)
		}
	}
}

func s(v string) *string { return &v }

func fields(err error) map[string]string {
	out := map[string]string{}
	if e := apperror.As(err); e != nil {
		for _, f := range e.Fields {
			out[f.Loc[1]] = f.Msg
		}
	}
	return out
}

func TestApplyPerType(t *testing.T) {
	// A sole trader keeps NI number, gender and trading name, and drops company fields.
	le := New()
	var v apperror.Invalid
	le.Apply(Changes{Type: s(TypeSoleTrader), NINumber: s("ab 12 34 56 c"), Gender: s("female"), TradingName: s("Reid Camera"),
		CompanyName: s("Ignored Ltd"), CompanyNumber: s("12345678")}, true, &v)
	if err := v.Err(); err != nil || le.NINumber != "AB123456C" || le.CompanyName != "" || le.CompanyNumber != "" || le.TradingName != "Reid Camera" {
		t.Fatalf("%+v %v", le, err)
	}
	// A company needs its name, and drops the sole trader's fields; numbers are padded.
	le = New()
	v = apperror.Invalid{}
	le.Apply(Changes{Type: s(TypePrivateLimited), NINumber: s("QQ123456C"), CompanyNumber: s("9876543")}, true, &v)
	if got := fields(v.Err()); got["companyName"] != "This field is required" || len(got) != 1 {
		t.Fatalf("%v", got)
	}
	if le.NINumber != "" || le.CompanyNumber != "09876543" || le.OperatingModel != "Ordinary" {
		t.Fatalf("%+v", le)
	}
	// VAT: required when registered, cleared when not.
	le = New()
	v = apperror.Invalid{}
	reg := true
	le.Apply(Changes{Type: s(TypeLLP), CompanyName: s("Crew LLP"), VATRegistered: &reg, VATNumber: s("GB 123 4567 8901 234")}, true, &v)
	if got := fields(v.Err()); got["vatNumber"] != "Maximum length is 13 characters" {
		t.Fatalf("%v", got)
	}
	v = apperror.Invalid{}
	le.Apply(Changes{VATNumber: s("")}, false, &v)
	if got := fields(v.Err()); got["vatNumber"] != "This field is required" {
		t.Fatalf("%v", got)
	}
	no := false
	pct := 5.0
	v = apperror.Invalid{}
	le.Apply(Changes{VATRegistered: &no, VATNumber: s("GB123456789"), VATPct: &pct}, false, &v)
	if v.Err() != nil || le.VATNumber != "" || le.VATHundredths != 2000 {
		t.Fatalf("%+v %v", le, v.Err())
	}
	// Bank details.
	v = apperror.Invalid{}
	le.Apply(Changes{IBAN: s("GB82 WEST 1234 5698 7654 31"), SortCode: s("12-34"), AccountNumber: s("12a"), BankCountryCode: s("GBR")}, false, &v)
	got := fields(v.Err())
	if got["iban"] != "Invalid IBAN" || got["sortCode"] == "" || got["accountNumber"] == "" || got["bankCountryCode"] == "" {
		t.Fatalf("%v", got)
	}
	v = apperror.Invalid{}
	le = New()
	le.Apply(Changes{Type: s(TypePLC), CompanyName: s("Big PLC"), IBAN: s("gb82 west 1234 5698 7654 32"), SortCode: s("12-34-56")}, true, &v)
	if v.Err() != nil || le.IBAN != "GB82WEST12345698765432" || le.BankCountryCode != "GB" || le.SortCode != "123456" {
		t.Fatalf("%+v %v", le, v.Err())
	}
	// Type required, then locked.
	v = apperror.Invalid{}
	fresh := New()
	fresh.Apply(Changes{}, true, &v)
	if fields(v.Err())["type"] != "This field is required" {
		t.Fatal(v.Err())
	}
	v = apperror.Invalid{}
	le.Apply(Changes{Type: s(TypeLLP)}, false, &v)
	if fields(v.Err())["type"] != "The business type cannot be changed once set." {
		t.Fatal(v.Err())
	}
}
