package entities

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/companieshouse"
	"github.com/hive/hive/internal/platform/iban"
)

// IBANCheck is the IBAN check result of spec §3.
type IBANCheck struct {
	IBAN        string `json:"iban" doc:"the IBAN as read: spaces removed, upper case"`
	CountryCode string `json:"countryCode"`
	BankCode    string `json:"bankCode"`
	BranchCode  string `json:"branchCode"`
	AccountCode string `json:"accountCode"`
	BankName    string `json:"bankName" doc:"from a small shipped directory; empty when unknown"`
	IsValid     bool   `json:"isValid"`
	Reason      string `json:"reason" enum:",characters,unknown_country,length,structure,checksum" doc:"why the IBAN is invalid; empty when valid"`
	// BankDetails are the legal entity form's bank fields as this IBAN fills them (iban.Details).
	BankDetails BankDetails `json:"bankDetails"`
}

// BankDetails are the bank fields a valid IBAN fills, per country: GB and IE a sort code
// (12-34-56) and an account number, others a branch code; all empty when the IBAN is invalid.
type BankDetails struct {
	SortCode        string `json:"sortCode"`
	AccountNumber   string `json:"accountNumber"`
	BranchCode      string `json:"branchCode"`
	BankName        string `json:"bankName" doc:"only when the bank is known; empty otherwise"`
	BankCountryCode string `json:"bankCountryCode"`
}

// MsgIBANRequired is the answer to an empty IBAN.
const MsgIBANRequired = "Enter an IBAN."

func (h *handlers) validateIBAN(ctx context.Context, in *struct {
	Body struct {
		IBAN string `json:"iban" maxLength:"100"`
	}
}) (*struct{ Body IBANCheck }, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	r := iban.Validate(in.Body.IBAN)
	if r.Reason == iban.ReasonEmpty {
		return nil, apperror.Field("iban", MsgIBANRequired)
	}
	d := r.Details()
	return &struct{ Body IBANCheck }{Body: IBANCheck{IBAN: r.IBAN, CountryCode: r.CountryCode, BankCode: r.BankCode,
		BranchCode: r.BranchCode, AccountCode: r.AccountCode, BankName: r.BankName, IsValid: r.IsValid, Reason: string(r.Reason),
		BankDetails: BankDetails{SortCode: d.SortCode, AccountNumber: d.AccountNumber, BranchCode: d.BranchCode,
			BankName: d.BankName, BankCountryCode: d.BankCountryCode}}}, nil
}

// CompanyOfficeAddress is a registered office address in the API's camelCase.
type CompanyOfficeAddress struct {
	AddressLine1 string `json:"addressLine1"`
	AddressLine2 string `json:"addressLine2"`
	PoBox        string `json:"poBox"`
	Locality     string `json:"locality"`
	Region       string `json:"region"`
	Country      string `json:"country"`
	PostalCode   string `json:"postalCode"`
	CareOf       string `json:"careOf"`
}

// CompanyLookup is the company lookup result of spec §3.
type CompanyLookup struct {
	CompanyName             string               `json:"companyName"`
	CompanyNumber           string               `json:"companyNumber"`
	CompanyStatus           string               `json:"companyStatus" doc:"active, dissolved, liquidation, ...; empty when not looked up"`
	Type                    string               `json:"type"`
	RegisteredOfficeAddress CompanyOfficeAddress `json:"registeredOfficeAddress"`
	SicCodes                []string             `json:"sicCodes"`
	DateOfCreation          string               `json:"dateOfCreation"`
	HasCharges              bool                 `json:"hasCharges"`
	IsValid                 bool                 `json:"isValid"`
	LookupConfigured        bool                 `json:"lookupConfigured" doc:"false: only the number's format was checked"`
	Message                 string               `json:"message"`
}

// Messages of the company number check.
const (
	MsgCompanyNumberRequired = "Enter a company number."
	MsgLookupNotConfigured   = "Company lookup is not configured; only the number's format was checked."
	MsgCompanyFormat         = "A UK company number has 8 characters: 8 digits, or 2 letters and 6 digits."
	MsgCompanyNotFound       = "Companies House has no company with this number."
	MsgCompanyFound          = "Company found at Companies House."
	MsgCompanyFormatOK       = "The number has the format of a UK company number."
)

func (h *handlers) validateCompanyNumber(ctx context.Context, in *struct {
	Body struct {
		CompanyNumber string `json:"companyNumber" maxLength:"50"`
	}
}) (*struct{ Body CompanyLookup }, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Body.CompanyNumber) == "" {
		return nil, apperror.Field("companyNumber", MsgCompanyNumberRequired)
	}
	number, ok := companieshouse.Normalize(in.Body.CompanyNumber)
	out := &struct{ Body CompanyLookup }{Body: CompanyLookup{CompanyNumber: number, SicCodes: []string{},
		LookupConfigured: h.companies.Configured()}}
	res := &out.Body
	switch {
	case !ok:
		res.Message = MsgCompanyFormat
		if !res.LookupConfigured {
			res.Message += " " + MsgLookupNotConfigured
		}
		return out, nil
	case !res.LookupConfigured:
		res.IsValid, res.Message = true, MsgLookupNotConfigured
		return out, nil
	}
	co, err := h.companies.Lookup(ctx, number)
	if errors.Is(err, companieshouse.ErrNotFound) {
		res.Message = MsgCompanyNotFound
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("company lookup %s: %w", number, err)
	}
	a := co.RegisteredOfficeAddress
	*res = CompanyLookup{CompanyName: co.CompanyName, CompanyNumber: co.CompanyNumber, CompanyStatus: co.CompanyStatus,
		Type: co.Type, RegisteredOfficeAddress: CompanyOfficeAddress{AddressLine1: a.AddressLine1, AddressLine2: a.AddressLine2,
			PoBox: a.PoBox, Locality: a.Locality, Region: a.Region, Country: a.Country, PostalCode: a.PostalCode, CareOf: a.CareOf},
		SicCodes: co.SicCodes, DateOfCreation: co.DateOfCreation, HasCharges: co.HasCharges, IsValid: true,
		LookupConfigured: true, Message: MsgCompanyFound}
	if res.SicCodes == nil {
		res.SicCodes = []string{}
	}
	if res.CompanyNumber == "" {
		res.CompanyNumber = number
	}
	return out, nil
}
