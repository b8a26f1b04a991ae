package iban

import (
	"strings"
	"testing"
)

// TestRegistryExamples checks the published example IBAN of every country in the table.
func TestRegistryExamples(t *testing.T) {
	if n := len(countries); n < 40 {
		t.Fatalf("only %d countries", n)
	}
	for _, code := range Countries() {
		c := countries[code]
		t.Run(code, func(t *testing.T) {
			if len(c.Example) != c.Length {
				t.Fatalf("example %s has length %d, table says %d", c.Example, len(c.Example), c.Length)
			}
			if !strings.HasPrefix(c.Example, code) {
				t.Fatalf("example %s is not from %s", c.Example, code)
			}
			if got := structureLength(c.BBAN); got != c.Length-4 {
				t.Fatalf("structure %s covers %d characters, want %d", c.BBAN, got, c.Length-4)
			}
			res := Validate(c.Example)
			if !res.IsValid {
				t.Fatalf("%s: %s", c.Example, res.Reason)
			}
			if res.BankCode == "" || res.AccountCode == "" {
				t.Errorf("%s: bank %q account %q", c.Example, res.BankCode, res.AccountCode)
			}
			if CheckDigits(code, c.Example[4:]) != c.Example[2:4] {
				t.Errorf("CheckDigits disagrees for %s", c.Example)
			}
			// Written in groups of four with lower case, as people type them.
			var spaced strings.Builder
			for i, ch := range strings.ToLower(c.Example) {
				if i > 0 && i%4 == 0 {
					spaced.WriteByte(' ')
				}
				spaced.WriteRune(ch)
			}
			if !Validate(spaced.String()).IsValid {
				t.Errorf("%q not accepted", spaced.String())
			}
		})
	}
}

func structureLength(s string) int {
	total, n := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] >= '0' && s[i] <= '9':
			n = n*10 + int(s[i]-'0')
		case s[i] == '!':
		default:
			total += n
			n = 0
		}
	}
	return total
}

func TestParse(t *testing.T) {
	cases := []struct {
		in                                   string
		country, bank, branch, account, name string
	}{
		{"GB82 WEST 1234 5698 7654 32", "GB", "WEST", "123456", "98765432", ""}, // the registry's example bank: no name
		{"GB29NWBK60161331926819", "GB", "NWBK", "601613", "31926819", "NatWest"},
		{"DE89370400440532013000", "DE", "37040044", "", "0532013000", "Commerzbank"},
		{"FR1420041010050500013M02606", "FR", "20041", "01005", "0500013M026", "La Banque Postale"},
		{"NL91ABNA0417164300", "NL", "ABNA", "", "0417164300", "ABN AMRO"},
		{"ES9121000418450200051332", "ES", "2100", "0418", "0200051332", "CaixaBank"},
		{"IT60X0542811101000000123456", "IT", "05428", "11101", "000000123456", ""},
	}
	for _, c := range cases {
		res := Validate(c.in)
		if !res.IsValid || res.CountryCode != c.country || res.BankCode != c.bank || res.BranchCode != c.branch ||
			res.AccountCode != c.account || res.BankName != c.name {
			t.Errorf("%s: %+v", c.in, res)
		}
	}
}

// A valid IBAN fills the bank fields per country: GB and IE a sort code and account number,
// others the branch code; an invalid one fills nothing.
func TestDetails(t *testing.T) {
	for in, want := range map[string]Details{
		"GB82WEST12345698765432":      {SortCode: "12-34-56", AccountNumber: "98765432", BankCountryCode: "GB"},
		"GB29NWBK60161331926819":      {SortCode: "60-16-13", AccountNumber: "31926819", BankName: "NatWest", BankCountryCode: "GB"},
		"IE29AIBK93115212345678":      {SortCode: "93-11-52", AccountNumber: "12345678", BankName: "AIB", BankCountryCode: "IE"},
		"ES9121000418450200051332":    {BranchCode: "0418", BankName: "CaixaBank", BankCountryCode: "ES"},
		"DE89370400440532013000":      {BankName: "Commerzbank", BankCountryCode: "DE"},
		"GB82WEST12345698765431":      {},
		"FR1420041010050500013M02606": {BranchCode: "01005", BankName: "La Banque Postale", BankCountryCode: "FR"},
	} {
		if got := Validate(in).Details(); got != want {
			t.Errorf("%s: %+v, want %+v", in, got, want)
		}
	}
}

func TestInvalid(t *testing.T) {
	cases := []struct {
		in   string
		want Reason
	}{
		{"", ReasonEmpty},
		{"   ", ReasonEmpty},
		{"GB82WEST12345698765433", ReasonChecksum}, // last digit changed
		{"GB28WEST12345698765432", ReasonChecksum}, // check digits changed
		{"DE89370400440532013001", ReasonChecksum},
		{"CH00000000000000000Q0", ReasonChecksum}, // 00 passes mod 97 but is never issued
		{"GB82WEST1234569876543", ReasonLength},   // one short
		{"GB82WEST123456987654321", ReasonLength}, // one long
		{"NL91ABNA04171643", ReasonLength},
		{"XX82WEST12345698765432", ReasonUnknownCountry},
		{"US64SVBKUS6S3300958879", ReasonUnknownCountry},
		{"GB82W3ST12345698765432", ReasonStructure}, // digit where a letter belongs
		{"GB82WEST1234569876543A", ReasonStructure}, // letter where a digit belongs
		{"DE89A70400440532013000", ReasonStructure},
		{"GB82WEST12345698765432!", ReasonCharacters},
		{"82GBWEST12345698765432", ReasonCharacters},
		{"GBXXWEST12345698765432", ReasonCharacters},
		{"G", ReasonCharacters},
		{"GB82WEST1234569876543200000000000000", ReasonCharacters}, // over 34
	}
	for _, c := range cases {
		res := Validate(c.in)
		if res.IsValid || res.Reason != c.want {
			t.Errorf("%q: valid %v reason %q, want %q", c.in, res.IsValid, res.Reason, c.want)
		}
	}
}

func FuzzValidate(f *testing.F) {
	for _, code := range Countries() {
		f.Add(countries[code].Example)
	}
	for _, s := range []string{"", " ", "GB82 WEST 1234 5698 7654 32", "gb82west12345698765432", "GB00", "ZZ",
		"GB82WEST12345698765433", "\u00a0DE89 3704 0044 0532 0130 00", "é", "GB82WEST1234569876543\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		res := Validate(s)
		if res.IsValid {
			n := Normalize(s)
			c, ok := countries[n[:2]]
			if !ok || len(n) != c.Length || mod97(n[4:]+n[:4]) != 1 || !matches(n[4:], c.BBAN) {
				t.Fatalf("%q accepted: %+v", s, res)
			}
			if CheckDigits(n[:2], n[4:]) != n[2:4] {
				t.Fatalf("%q: check digits %s", s, CheckDigits(n[:2], n[4:]))
			}
		} else if res.Reason == "" {
			t.Fatalf("%q refused without a reason", s)
		}
		if again := Validate(res.IBAN); again.IsValid != res.IsValid {
			t.Fatalf("%q: normalised form judged differently", s)
		}
	})
}
