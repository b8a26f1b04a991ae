package jobs

import "testing"

func TestRateDisplayIsTheWebsFormat(t *testing.T) {
	for r, want := range map[Rate]string{
		{Rate: 250, Currency: "GBP", Period: "day"}:          "250.00 GBP / day",
		{Rate: 1250.5, Currency: "EUR", Period: "hour"}:      "1,250.50 EUR / hour",
		{Rate: 1234567.891, Currency: "USD", Period: "week"}: "1,234,567.89 USD / week",
		{Rate: 0, Currency: "GBP", Period: "day"}:            "0.00 GBP / day",
	} {
		if got := r.Display(); got != want {
			t.Errorf("%+v = %q, want %q", r, got, want)
		}
	}
}
