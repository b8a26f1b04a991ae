// Package iban checks International Bank Account Numbers as ISO 13616 defines them: a country
// table of lengths and BBAN structures, then the mod-97 check digits. It is Hive's own code
// because no Go IBAN module is reachable from this machine's module proxy (docs/decisions.md).
package iban

import (
	"sort"
	"strings"
)

// Reason says why an IBAN failed the check.
type Reason string

// The reasons Validate gives; empty for a valid IBAN.
const (
	ReasonEmpty          Reason = "empty"
	ReasonCharacters     Reason = "characters"
	ReasonUnknownCountry Reason = "unknown_country"
	ReasonLength         Reason = "length"
	ReasonStructure      Reason = "structure"
	ReasonChecksum       Reason = "checksum"
)

// Result is what the check found. Codes are filled from the country's structure whenever the
// country is known and the length is right, even when the check digits are wrong, so the UI can
// show what it read; IsValid is the verdict.
type Result struct {
	IBAN        string // normalised: no spaces, upper case
	CountryCode string
	BankCode    string
	BranchCode  string
	AccountCode string
	BankName    string
	IsValid     bool
	Reason      Reason
}

// MaxLength is the longest IBAN any country uses (34 by the standard).
const MaxLength = 34

// Normalize strips white space (spaces, tabs, and the non-breaking spaces pasted from PDFs)
// and hyphens, and upper-cases the rest.
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0' || r == '-':
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Validate normalises s and checks it.
func Validate(s string) Result {
	n := Normalize(s)
	res := Result{IBAN: n}
	if n == "" {
		res.Reason = ReasonEmpty
		return res
	}
	if len(n) < 4 || len(n) > MaxLength || !alnum(n) || !isLetter(n[0]) || !isLetter(n[1]) || !isDigit(n[2]) || !isDigit(n[3]) {
		res.Reason = ReasonCharacters
		return res
	}
	res.CountryCode = n[:2]
	c, ok := countries[res.CountryCode]
	if !ok {
		res.Reason = ReasonUnknownCountry
		return res
	}
	if len(n) != c.Length {
		res.Reason = ReasonLength
		return res
	}
	bban := n[4:]
	res.BankCode = slice(bban, c.Bank)
	res.BranchCode = slice(bban, c.Branch)
	res.AccountCode = slice(bban, c.Account)
	res.BankName = BankName(res.CountryCode, res.BankCode)
	if !matches(bban, c.BBAN) {
		res.Reason = ReasonStructure
		return res
	}
	// Check digits 00, 01 and 99 never come out of the computation, though 00 and 01 can pass
	// the remainder test (they equal 97 and 98 mod 97).
	if cd := n[2:4]; cd == "00" || cd == "01" || cd == "99" || mod97(n[4:]+n[:4]) != 1 {
		res.Reason = ReasonChecksum
		return res
	}
	res.IsValid = true
	return res
}

// Details are a legal entity's bank fields (spec part 1 §3 Bank details) as a valid IBAN fills
// them. Countries that name an account by sort code and account number (GB and IE) get those,
// the sort code written 12-34-56, and no branch code (the sort code is the branch); the others
// get the branch code and keep their own account numbers, whose formats vary. BankName is set
// only when the directory knows the bank.
type Details struct {
	SortCode        string
	AccountNumber   string
	BranchCode      string
	BankName        string
	BankCountryCode string
}

// sortCodeCountries are the countries whose IBAN holds a six-digit sort code and an account
// number (the UK and Ireland).
var sortCodeCountries = map[string]bool{"GB": true, "IE": true}

// Details returns the bank fields r fills; none when r is not valid.
func (r Result) Details() Details {
	if !r.IsValid {
		return Details{}
	}
	d := Details{BankName: r.BankName, BankCountryCode: r.CountryCode}
	if sortCodeCountries[r.CountryCode] && len(r.BranchCode) == 6 {
		b := r.BranchCode
		d.SortCode, d.AccountNumber = b[:2]+"-"+b[2:4]+"-"+b[4:], r.AccountCode
		return d
	}
	d.BranchCode = r.BranchCode
	return d
}

// CheckDigits computes the two check digits for a country code and BBAN (ISO 7064 MOD 97-10).
func CheckDigits(countryCode, bban string) string {
	d := 98 - mod97(bban+countryCode+"00")
	return string([]byte{byte('0' + d/10), byte('0' + d%10)})
}

// Countries lists the country codes of the table, sorted.
func Countries() []string {
	out := make([]string, 0, len(countries))
	for k := range countries {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// mod97 computes the remainder of the number formed by s with letters expanded (A=10 ... Z=35),
// a digit at a time so any length fits.
func mod97(s string) int {
	rem := 0
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case isDigit(ch):
			rem = (rem*10 + int(ch-'0')) % 97
		case isLetter(ch):
			v := int(ch-'A') + 10
			rem = (rem*100 + v) % 97
		}
	}
	return rem
}

func slice(s string, r [2]int) string {
	if r[1] <= r[0] || r[1] > len(s) {
		return ""
	}
	return s[r[0]:r[1]]
}

// matches checks s against a registry structure such as "4!a6!n8!n": n digits, a upper-case
// letters, c letters or digits, e spaces; "!" marks a fixed length (without it, up to).
func matches(s, structure string) bool {
	pos := 0
	for i := 0; i < len(structure); {
		n := 0
		for i < len(structure) && isDigit(structure[i]) {
			n = n*10 + int(structure[i]-'0')
			i++
		}
		fixed := false
		if i < len(structure) && structure[i] == '!' {
			fixed = true
			i++
		}
		if i >= len(structure) {
			return false
		}
		kind := structure[i]
		i++
		count := 0
		for count < n && pos < len(s) && fits(s[pos], kind) {
			pos++
			count++
		}
		if fixed && count != n {
			return false
		}
	}
	return pos == len(s)
}

func fits(ch, kind byte) bool {
	switch kind {
	case 'n':
		return isDigit(ch)
	case 'a':
		return isLetter(ch)
	case 'c':
		return isDigit(ch) || isLetter(ch)
	case 'e':
		return ch == ' '
	}
	return false
}

func alnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) && !isLetter(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(ch byte) bool  { return ch >= '0' && ch <= '9' }
func isLetter(ch byte) bool { return ch >= 'A' && ch <= 'Z' }
