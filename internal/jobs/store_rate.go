package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// The rate constants of the spec (part 2 §3, §9): new rates are 0 a day in GBP.
var (
	Currencies = []string{"GBP", "EUR", "USD", "AUD"}
	Periods    = []string{"hour", "day", "week", "month", "year"}
)

const (
	DefaultCurrency = "GBP"
	DefaultPeriod   = "day"
)

// Rate is an amount per period in a currency, the one rate shape of the API; the database
// keeps money as integer minor units beside the currency. Rate is the wire form (major units,
// e.g. 250.5); Minor converts at the edge.
type Rate struct {
	Rate     float64 `json:"rate" doc:"Amount in the currency's major unit, e.g. 250.5"`
	Currency string  `json:"currency" enum:"GBP,EUR,USD,AUD"`
	Period   string  `json:"period" enum:"hour,day,week,month,year"`
}

// DefaultRate is the rate of a new placement: 0 a day in GBP.
func DefaultRate() Rate { return Rate{Currency: DefaultCurrency, Period: DefaultPeriod} }

// RateOf turns stored minor units into a Rate.
func RateOf(minor int64, currency, period string) Rate {
	return Rate{Rate: float64(minor) / 100, Currency: currency, Period: period}
}

// Minor is the amount in minor units, rounding half away from zero.
func (r Rate) Minor() int64 { return int64(math.Round(r.Rate * 100)) }

// Display is the rate as people read it, '1,250.50 GBP / day' (the web's formatRate, en-GB):
// mails say rates this way.
func (r Rate) Display() string {
	minor := r.Minor()
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	whole := strconv.FormatInt(minor/100, 10)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	return fmt.Sprintf("%s%s.%02d %s / %s", sign, whole, minor%100, r.Currency, r.Period)
}

// Normalised fills an empty currency or period with the defaults.
func (r Rate) Normalised() Rate {
	if r.Currency == "" {
		r.Currency = DefaultCurrency
	}
	if r.Period == "" {
		r.Period = DefaultPeriod
	}
	return r
}

// Problem returns why the rate is invalid, or "".
func (r Rate) Problem() string {
	switch {
	case r.Rate < 0 || math.IsNaN(r.Rate) || math.IsInf(r.Rate, 0) || r.Rate > 1e12:
		return "Rate must be a positive number."
	case !slices.Contains(Currencies, r.Currency):
		return "Currency must be one of GBP, EUR, USD, AUD."
	case !slices.Contains(Periods, r.Period):
		return "Period must be one of hour, day, week, month, year."
	}
	return ""
}

// Check is Problem as a 422 on the request field (e.g. "sellRate") so the message lands beside
// its input.
func (r Rate) Check(field string) error {
	if p := r.Problem(); p != "" {
		return apperror.Field(field, p)
	}
	return nil
}

// replaced is the rate a change sets on field: the one sent, normalised and checked, or kept when
// none was sent.
func replaced(sent *Rate, kept Rate, field string) (Rate, error) {
	if sent == nil {
		return kept, nil
	}
	r := sent.Normalised()
	return r, r.Check(field)
}

// Getter is what RatesFor reads through: *database.DB and *database.Tx both qualify, so
// bookings can read rates inside their write transaction.
type Getter interface {
	Get(ctx context.Context, dest any, query string, args ...any) error
}

// RateRow is a buy and sell pair as stored: a row that reads rates embeds it, so the six columns
// and their reading into Rates have one home.
type RateRow struct {
	BuyMinor     int64  `db:"buy_rate_minor"`
	BuyCurrency  string `db:"buy_currency"`
	BuyPeriod    string `db:"buy_period"`
	SellMinor    int64  `db:"sell_rate_minor"`
	SellCurrency string `db:"sell_currency"`
	SellPeriod   string `db:"sell_period"`
}

// Rates reads the stored pair.
func (r RateRow) Rates() (buy, sell Rate) {
	return RateOf(r.BuyMinor, r.BuyCurrency, r.BuyPeriod), RateOf(r.SellMinor, r.SellCurrency, r.SellPeriod)
}

const rateColumns = `buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period`

// ErrNoPlacementTemplate is returned by RatesFor when the placement template does not exist.
var ErrNoPlacementTemplate = errors.New("jobs: placement template not found")

// RatesFor returns the rates of user on a placement template: their rate card when there is
// one, else the template's defaults.
func RatesFor(ctx context.Context, q Getter, placementTemplateID, userID int64) (buy, sell Rate, err error) {
	var r RateRow
	err = q.Get(ctx, &r, `SELECT `+rateColumns+` FROM rate_cards WHERE placement_template_id = ? AND user_id = ?`,
		placementTemplateID, userID)
	if errors.Is(err, sql.ErrNoRows) {
		err = database.NoRowsAs(q.Get(ctx, &r, `SELECT `+rateColumns+` FROM placement_templates WHERE id = ?`,
			placementTemplateID), ErrNoPlacementTemplate)
	}
	if err != nil {
		return buy, sell, err
	}
	buy, sell = r.Rates()
	return buy, sell, nil
}
