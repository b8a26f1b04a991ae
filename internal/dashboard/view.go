package dashboard

import (
	"slices"
	"sort"
	"time"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/jobs"
)

// Stats is the dashboard's answer: every figure over the placements dated in the range, in the
// caller's scope (docs/dashboard.md defines each).
type DashboardStats struct {
	StartDate string `json:"startDate" doc:"First local date counted, YYYY-MM-DD"`
	EndDate   string `json:"endDate" doc:"Last local date counted, YYYY-MM-DD"`
	// Colours lists the status colours in the order the charts stack them.
	Colours []string         `json:"colours" doc:"Status colours, in the status filter's order"`
	Weeks   []DashboardWeek  `json:"weeks" doc:"Every week the range touches, Monday first, with its live placements by colour"`
	Fill    DashboardFill    `json:"fill"`
	Answers DashboardAnswers `json:"answers"`
	Money   []DashboardMoney `json:"money" doc:"Per client and currency; amounts in minor units, never summed across currencies"`
	Jobs    []DashboardJob   `json:"jobs" doc:"Job titles with the most live placements, at most 10"`
	// Freelancers with the most accepted work.
	Freelancers []DashboardFreelancer `json:"freelancers" doc:"Freelancers with the most instructions accepted by both sides, at most 10"`
	// SpendShown says whether Money carries spend (buy rates: administrators only).
	SpendShown bool `json:"spendShown"`
}

// WeekView is one week's live placements by the colour of their worst instruction.
type DashboardWeek struct {
	WeekStart string                 `json:"weekStart" doc:"The Monday, YYYY-MM-DD"`
	Colours   []DashboardColourCount `json:"colours"`
	Total     int                    `json:"total"`
}

// ColourCount is how many placements show a colour.
type DashboardColourCount struct {
	Colour     string `json:"colour" enum:"red,orange,purple,green,gray"`
	Placements int    `json:"placements"`
}

// Fill is how many live placements have an instruction accepted by both sides.
type DashboardFill struct {
	Placements int      `json:"placements"`
	Filled     int      `json:"filled"`
	Rate       *float64 `json:"rate" doc:"Filled ÷ placements, 0 to 1; null without placements"`
}

// Answers is how fast freelancers answered offers.
type DashboardAnswers struct {
	Answered      int      `json:"answered" doc:"Offers answered (accepted or rejected by the supplier side)"`
	MedianSeconds *float64 `json:"medianSeconds" doc:"Median seconds from offer to answer; null when none was answered"`
}

// Money is what one client's work counts in one currency, by the money rule
// (status.PlacementCounts): confirmed work in Charge and Spend, work awaiting an answer apart in
// Pipeline; cancelled and rejected work nowhere.
type DashboardMoney struct {
	ClientID   int64  `json:"clientId"`
	ClientName string `json:"clientName"`
	Currency   string `json:"currency"`
	// Charge is the sell side of confirmed work: what the client is charged.
	Charge int64 `json:"charge" doc:"Sell side of confirmed work (accepted by both sides), minor units"`
	// Spend is the buy side (what the freelancers are paid), administrators only.
	Spend *int64 `json:"spend,omitempty" doc:"Buy side of confirmed work, minor units; administrators only"`
	// Pipeline is the sell side of the work awaiting an answer, each open placement once.
	Pipeline int64 `json:"pipeline" doc:"Sell side of work awaiting an answer, each placement once (its open offer), minor units; never part of charge"`
}

// JobCount is a job title with its live placements and how many of them are filled.
type DashboardJob struct {
	JobTemplateID *int64 `json:"jobTemplateId"`
	Title         string `json:"title"`
	Placements    int    `json:"placements"`
}

// FreelancerCount is a freelancer with their accepted work.
type DashboardFreelancer struct {
	UserID   int64  `json:"userId"`
	Name     string `json:"name"`
	Accepted int    `json:"accepted" doc:"Instructions accepted by both sides"`
}

// placementRow is the store's count of live placements of a day with one worst-colour rank and
// filled flag.
type placementRow struct {
	Day    string `db:"day"`
	Rank   int    `db:"worst"`
	Filled int    `db:"filled"`
	N      int    `db:"n"`
}

// moneyRow is the store's sums of one client's instructions counted alike (confirmed or
// pipeline) sharing a sell currency and period and a buy currency and period.
type moneyRow struct {
	Counted      status.Count `db:"counted"`
	ClientID     int64        `db:"client_id"`
	ClientName   string       `db:"client_name"`
	SellCurrency string       `db:"sell_currency"`
	SellPeriod   string       `db:"sell_period"`
	BuyCurrency  string       `db:"buy_currency"`
	BuyPeriod    string       `db:"buy_period"`
	SellSum      float64      `db:"sell_sum"`
	SellMinutes  float64      `db:"sell_minutes"`
	BuySum       float64      `db:"buy_sum"`
	BuyMinutes   float64      `db:"buy_minutes"`
}

// minuteCount is how many offers were answered after a number of minutes.
type minuteCount struct {
	Minute *float64 `db:"minute"` // nil for an answer without its offer's time`
	N      int      `db:"n"`
}

// answersOf counts the answers and finds their median, to the minute: the middle answer's
// minutes, or the mean of the two middle ones.
func answersOf(counts []minuteCount) DashboardAnswers {
	counts = slices.DeleteFunc(counts, func(c minuteCount) bool { return c.Minute == nil })
	sort.Slice(counts, func(i, j int) bool { return *counts[i].Minute < *counts[j].Minute })
	var out DashboardAnswers
	for _, c := range counts {
		out.Answered += c.N
	}
	if out.Answered == 0 {
		return out
	}
	// nth is the minutes of the n-th answer (0-based) in order.
	nth := func(n int) float64 {
		for _, c := range counts {
			if n < c.N {
				return *c.Minute
			}
			n -= c.N
		}
		return *counts[len(counts)-1].Minute
	}
	median := (nth((out.Answered-1)/2) + nth(out.Answered/2)) / 2 * 60
	out.MedianSeconds = &median
	return out
}

// weeksOf builds the week views and the fill counts from the placement rows.
func weeksOf(r Range, rows []placementRow) ([]DashboardWeek, DashboardFill) {
	ranked := reads.RankedColours()
	index := map[string]int{}
	weeks := r.Weeks()
	out := make([]DashboardWeek, len(weeks))
	for i, w := range weeks {
		index[w.Format(time.DateOnly)] = i
		out[i] = DashboardWeek{WeekStart: w.Format(time.DateOnly), Colours: make([]DashboardColourCount, len(status.Colours))}
		for j, c := range status.Colours {
			out[i].Colours[j] = DashboardColourCount{Colour: string(c)}
		}
	}
	var fill DashboardFill
	for _, row := range rows {
		day, err := time.Parse(time.DateOnly, row.Day)
		if err != nil {
			continue
		}
		i, ok := index[WeekOf(day).Format(time.DateOnly)]
		if !ok || row.Rank < 0 || row.Rank >= len(ranked) {
			continue
		}
		colour := ranked[row.Rank]
		for j := range out[i].Colours {
			if out[i].Colours[j].Colour == string(colour) {
				out[i].Colours[j].Placements += row.N
			}
		}
		out[i].Total += row.N
		fill.Placements += row.N
		if row.Filled > 0 {
			fill.Filled += row.N
		}
	}
	if fill.Placements > 0 {
		rate := float64(fill.Filled) / float64(fill.Placements)
		fill.Rate = &rate
	}
	return out, fill
}

// moneyOf turns the sums into one row per client and currency (Amount per period, then added
// within the currency only), confirmed work in charge and spend and the pipeline apart, sorted
// by client name and currency. Spend (the buy side) is kept
// for administrators only; a currency only the buy side used shows to them alone.
func moneyOf(rows []moneyRow, spend bool) []DashboardMoney {
	type key struct {
		client   int64
		currency string
	}
	byKey := map[key]*DashboardMoney{}
	var keys []key
	at := func(row moneyRow, currency string) *DashboardMoney {
		k := key{row.ClientID, currency}
		m, ok := byKey[k]
		if !ok {
			m = &DashboardMoney{ClientID: row.ClientID, ClientName: row.ClientName, Currency: currency}
			if spend {
				m.Spend = new(int64)
			}
			byKey[k] = m
			keys = append(keys, k)
		}
		return m
	}
	for _, row := range rows {
		sell := jobs.GroupAmount(row.SellPeriod, row.SellSum, row.SellMinutes)
		if row.Counted == status.CountPipeline {
			at(row, row.SellCurrency).Pipeline += sell
			continue
		}
		at(row, row.SellCurrency).Charge += sell
		if spend {
			*at(row, row.BuyCurrency).Spend += jobs.GroupAmount(row.BuyPeriod, row.BuySum, row.BuyMinutes)
		}
	}
	out := make([]DashboardMoney, 0, len(keys))
	for _, k := range keys {
		out = append(out, *byKey[k])
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].ClientName != out[j].ClientName {
			return out[i].ClientName < out[j].ClientName
		}
		if out[i].ClientID != out[j].ClientID {
			return out[i].ClientID < out[j].ClientID
		}
		return out[i].Currency < out[j].Currency
	})
	return out
}
