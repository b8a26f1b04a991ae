// Package companieshouse looks UK companies up in the Companies House public data API
// (GET /company/{number}, HTTP basic auth with the API key as user name) and checks the format
// of company numbers when no key is configured.
package companieshouse

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultURL is the live API.
const DefaultURL = "https://api.company-information.service.gov.uk"

// Timeout bounds one lookup.
const Timeout = 10 * time.Second

// ErrNotFound says Companies House has no company with that number.
var ErrNotFound = errors.New("company not found")

// Address is a registered office address.
type Address struct {
	AddressLine1 string `json:"address_line_1"`
	AddressLine2 string `json:"address_line_2"`
	PoBox        string `json:"po_box"`
	Locality     string `json:"locality"`
	Region       string `json:"region"`
	Country      string `json:"country"`
	PostalCode   string `json:"postal_code"`
	CareOf       string `json:"care_of"`
}

// Company is the part of the company profile Hive uses, with the API's field names.
type Company struct {
	CompanyName             string   `json:"company_name"`
	CompanyNumber           string   `json:"company_number"`
	CompanyStatus           string   `json:"company_status"`
	Type                    string   `json:"type"`
	RegisteredOfficeAddress Address  `json:"registered_office_address"`
	SicCodes                []string `json:"sic_codes"`
	DateOfCreation          string   `json:"date_of_creation"`
	HasCharges              bool     `json:"has_charges"`
}

// Client calls the API. The zero value is not usable; use New.
type Client struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client
}

// New returns a client for the API at baseURL (DefaultURL when empty) with key.
func New(baseURL, key string) *Client {
	if baseURL == "" {
		baseURL = DefaultURL
	}
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), APIKey: key, HTTP: &http.Client{Timeout: Timeout}}
}

// Configured reports whether lookups can be made.
func (c *Client) Configured() bool { return c != nil && c.APIKey != "" }

// Lookup fetches the company profile of number (already normalised with Normalize). A company
// Companies House does not know is ErrNotFound; any other failure is an error with its cause.
func (c *Client) Lookup(ctx context.Context, number string) (Company, error) {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/company/"+url.PathEscape(number), nil)
	if err != nil {
		return Company{}, err
	}
	req.SetBasicAuth(c.APIKey, "")
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return Company{}, fmt.Errorf("companies house: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return Company{}, fmt.Errorf("companies house: read: %w", err)
	}
	switch {
	case res.StatusCode == http.StatusNotFound:
		return Company{}, ErrNotFound
	case res.StatusCode != http.StatusOK:
		return Company{}, fmt.Errorf("companies house: status %d: %.200s", res.StatusCode, body)
	}
	var co Company
	if err := json.Unmarshal(body, &co); err != nil {
		return Company{}, fmt.Errorf("companies house: decode: %w", err)
	}
	return co, nil
}

// prefixes are the two-letter prefixes of UK company numbers (England and Wales have none,
// SC Scotland, NI Northern Ireland, OC/SO/NC LLPs, LP/SL/NL limited partnerships, and others
// Companies House issues).
var prefixes = map[string]bool{
	"SC": true, "NI": true, "OC": true, "SO": true, "NC": true, "LP": true, "SL": true, "NL": true,
	"R0": true, "FC": true, "SF": true, "NF": true, "IP": true, "SP": true, "NP": true, "RC": true,
	"SR": true, "NR": true, "IC": true, "SI": true, "NO": true, "GE": true, "PC": true, "SE": true,
	"CE": true, "CS": true, "ES": true, "ZC": true, "SZ": true, "RS": true, "NA": true, "AC": true,
	"SA": true, "GS": true, "GN": true, "SG": true, "FE": true, "OE": true,
}

// Normalize strips spaces, upper-cases, and pads all-digit numbers of 6 or 7 digits (and
// prefixed numbers with 4 or 5 digits) with leading zeros to the 8 characters Companies House
// uses. It reports whether the result has the format of a UK company number: 8 digits, or a
// known 2-character prefix and 6 digits.
func Normalize(s string) (string, bool) {
	s = strings.ToUpper(strings.Join(strings.Fields(s), ""))
	if s == "" || len(s) > 8 {
		return s, false
	}
	if allDigits(s) {
		if len(s) < 6 {
			return s, false
		}
		s = strings.Repeat("0", 8-len(s)) + s
		return s, true
	}
	if len(s) < 6 {
		return s, false
	}
	prefix, rest := s[:2], s[2:]
	if !prefixes[prefix] || !allDigits(rest) {
		return s, false
	}
	rest = strings.Repeat("0", 6-len(rest)) + rest
	return prefix + rest, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
