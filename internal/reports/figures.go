package reports

import (
	"fmt"
	"strconv"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/people/profile"
)

// The figures of a report's cells: pure functions of a row's stored values.

// money is an amount in minor units as a decimal with two places ("-12.50"): a number to a
// spreadsheet, never prefixed (see neutralise).
func money(minor int64) string { return profile.FormatMinor(minor) }

// paidMinutes is a placement's length less its unpaid breaks (never below zero).
func paidMinutes(start, end time.Time, unpaidBreaks int) int64 {
	m := int64(end.Sub(start)/time.Minute) - int64(unpaidBreaks)
	return max(m, 0)
}

// hours is minutes as hours with two decimals ("7.50").
func hours(minutes int64) string {
	hundredths := (minutes*100 + 30) / 60
	return fmt.Sprintf("%d.%02d", hundredths/100, hundredths%100)
}

// margin is charge less cost, when both are in one currency; "" otherwise (two currencies do
// not subtract).
func margin(charge, cost int64, sellCurrency, buyCurrency string) string {
	if sellCurrency != buyCurrency {
		return ""
	}
	return money(charge - cost)
}

// statusLabel is an instruction's state in words, from the combined colour (status.ColourOf),
// naming a cancellation apart from a rejection.
func statusLabel(supplier, client string) string {
	s := status.State{Supplier: status.Status(supplier), Client: status.Status(client)}
	switch status.ColourOf(s) {
	case status.Green:
		return "Confirmed"
	case status.Purple:
		return "Awaiting client"
	case status.Orange:
		return "Awaiting response"
	case status.Red:
		if s.Cancelled() {
			return "Cancelled"
		}
		return "Rejected"
	}
	return "Unknown"
}

// yesNo is a flag as a cell.
func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}

// day is a timestamp's UTC date, YYYY-MM-DD.
func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// count is an integer cell.
func count(n int64) string { return strconv.FormatInt(n, 10) }
