package reports

import (
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/auth"
)

// kind says what a column holds. Only text cells, which hold what people typed, can carry a
// spreadsheet formula; the others are written by Hive from numbers and dates.
type kind int

const (
	kindText   kind = iota
	kindNumber      // a count, hours or a clock time: digits, a point or a colon
	kindMoney       // money: digits, a point, two decimals, maybe a leading minus
	kindDate        // YYYY-MM-DD
)

// column is one column of a report: its title (adminTitle, when set, is the administrators'
// title, as the spec names the sell rate 'Sell Rate' for them and 'Chargeable Rate' for
// others), what it holds, whether only administrators receive it (buy figures), and its cell.
type column[R any] struct {
	title, adminTitle string
	kind              kind
	adminOnly         bool
	cell              func(*R) string
}

// columnsFor is the columns of cols that p receives, admin-only ones left out for others.
func columnsFor[R any](p *auth.Principal, cols []column[R]) []column[R] {
	admin := p.Has(auth.NeedAdmin)
	out := make([]column[R], 0, len(cols))
	for _, c := range cols {
		if c.adminOnly && !admin {
			continue
		}
		if admin && c.adminTitle != "" {
			c.title = c.adminTitle
		}
		out = append(out, c)
	}
	return out
}

// InstructionRow is one instruction (the columns of bookings.InstructionRow the reports select:
// ids, freelancer, statuses, rates) with its placement, booking, job, department and client:
// the rows of the Bookings and Financial Metrics reports. Financial Metrics adds how the row
// counts (status.PlacementCounts) and whether it is a late cancellation (countPlacements).
type InstructionRow struct {
	bookings.InstructionRow
	BookingReference     string    `db:"booking_reference"`
	BookingTitle         string    `db:"booking_title"`
	Client               string    `db:"client"`
	Department           string    `db:"department"`
	Job                  string    `db:"job"`
	Placement            string    `db:"placement"`
	LocalDate            string    `db:"local_date"`
	StartTime            string    `db:"start_time"`
	EndTime              string    `db:"end_time"`
	StartAt              time.Time `db:"start_at"`
	EndAt                time.Time `db:"end_at"`
	Timezone             string    `db:"timezone"`
	UnpaidBreaks         int       `db:"unpaid_breaks"`
	InstructionUpdatedAt time.Time `db:"instruction_updated_at"`
	CancelWindowDays     int       `db:"cancel_window_days"`
	Counted              status.Count
	Late                 bool
}

func (r *InstructionRow) minutes() int64 { return paidMinutes(r.StartAt, r.EndAt, r.UnpaidBreaks) }
func (r *InstructionRow) cost() int64 {
	return jobs.PlacementAmount(r.BuyMinor, r.BuyPeriod, r.minutes())
}
func (r *InstructionRow) charge() int64 {
	return jobs.PlacementAmount(r.SellMinor, r.SellPeriod, r.minutes())
}

// The shared cells of the two instruction reports.
var (
	colBookingID  = column[InstructionRow]{title: "Booking ID", kind: kindNumber, cell: func(r *InstructionRow) string { return count(r.BookingID) }}
	colReference  = column[InstructionRow]{title: "Booking Reference", cell: func(r *InstructionRow) string { return r.BookingReference }}
	colClient     = column[InstructionRow]{title: "Client", cell: func(r *InstructionRow) string { return r.Client }}
	colDepartment = column[InstructionRow]{title: "Department", cell: func(r *InstructionRow) string { return r.Department }}
	colJob        = column[InstructionRow]{title: "Job", cell: func(r *InstructionRow) string { return r.Job }}
	colDate       = column[InstructionRow]{title: "Placement Date", kind: kindDate, cell: func(r *InstructionRow) string { return r.LocalDate }}
	colFreelancer = column[InstructionRow]{title: "Freelancer", cell: func(r *InstructionRow) string { return auth.FullName(r.FirstName, r.LastName) }}
	colStatus     = column[InstructionRow]{title: "Status", cell: func(r *InstructionRow) string { return statusLabel(r.SupplierStatus, r.ClientStatus) }}
)

// bookingsColumns are the Bookings report's: one row per instruction, what was booked when and
// who answered how. Their cells read only the fields Store.Bookings scans (bookingsSQL): a cell
// reading another field needs it added there.
var bookingsColumns = []column[InstructionRow]{
	colBookingID, colReference,
	{title: "Booking Title", cell: func(r *InstructionRow) string { return r.BookingTitle }},
	colClient, colDepartment, colJob,
	{title: "Placement", cell: func(r *InstructionRow) string { return r.Placement }},
	colDate,
	{title: "Start", kind: kindNumber, cell: func(r *InstructionRow) string { return r.StartTime }},
	{title: "End", kind: kindNumber, cell: func(r *InstructionRow) string { return r.EndTime }},
	{title: "Time Zone", cell: func(r *InstructionRow) string { return r.Timezone }},
	colFreelancer,
	{title: "Freelancer Email", cell: func(r *InstructionRow) string { return r.Email }},
	{title: "Supplier Status", cell: func(r *InstructionRow) string { return r.SupplierStatus }},
	{title: "Client Status", cell: func(r *InstructionRow) string { return r.ClientStatus }},
	colStatus,
}

// financialColumns are the Financial Metrics report's: one row per instruction with its hours,
// rates, status and how it counts (the money rule, status.PlacementCounts). Cost, Charge and
// Margin are confirmed work only, Pipeline Cost and Pipeline Charge the placement's open offer
// counted apart; both are 0.00 on the other rows, so each column adds up. Buy figures (buy
// rate, cost, margin, pipeline cost) go to administrators only.
var financialColumns = []column[InstructionRow]{
	colClient, colDepartment, colJob, colReference, colBookingID, colDate, colFreelancer,
	{title: "Hours", kind: kindNumber, cell: func(r *InstructionRow) string { return hours(r.minutes()) }},
	{title: "Buy Rate", kind: kindMoney, adminOnly: true, cell: func(r *InstructionRow) string { return money(r.BuyMinor) }},
	{title: "Buy Currency", adminOnly: true, cell: func(r *InstructionRow) string { return r.BuyCurrency }},
	{title: "Buy Period", adminOnly: true, cell: func(r *InstructionRow) string { return r.BuyPeriod }},
	{title: "Chargeable Rate", adminTitle: "Sell Rate", kind: kindMoney, cell: func(r *InstructionRow) string { return money(r.SellMinor) }},
	{title: "Currency", adminTitle: "Sell Currency", cell: func(r *InstructionRow) string { return r.SellCurrency }},
	{title: "Rate Period", adminTitle: "Sell Period", cell: func(r *InstructionRow) string { return r.SellPeriod }},
	colStatus,
	{title: "Counted As", cell: func(r *InstructionRow) string { return countLabels[r.Counted] }},
	{title: "Late Cancellation", cell: func(r *InstructionRow) string { return yesNo(r.Late) }},
	{title: "Cost", kind: kindMoney, adminOnly: true, cell: func(r *InstructionRow) string {
		return money(r.counted(status.CountConfirmed, r.cost()))
	}},
	{title: "Charge", kind: kindMoney, cell: func(r *InstructionRow) string {
		return money(r.counted(status.CountConfirmed, r.charge()))
	}},
	{title: "Margin", kind: kindMoney, adminOnly: true, cell: func(r *InstructionRow) string {
		return margin(r.counted(status.CountConfirmed, r.charge()), r.counted(status.CountConfirmed, r.cost()),
			r.SellCurrency, r.BuyCurrency)
	}},
	{title: "Pipeline Cost", kind: kindMoney, adminOnly: true, cell: func(r *InstructionRow) string {
		return money(r.counted(status.CountPipeline, r.cost()))
	}},
	{title: "Pipeline Charge", kind: kindMoney, cell: func(r *InstructionRow) string {
		return money(r.counted(status.CountPipeline, r.charge()))
	}},
}

// AgencyStatusRow is one agency or supplier entity with how many of the instructions in the
// range it supplied are in one pair of statuses (N is 0, and the statuses empty, when it supplied
// none), as the store reads them.
type AgencyStatusRow struct {
	ID             int64  `db:"id"`
	Name           string `db:"name"`
	Type           string `db:"type"`
	Country        string `db:"country"`
	Email          string `db:"email"`
	SupplierStatus string `db:"supplier_status"`
	ClientStatus   string `db:"client_status"`
	N              int64  `db:"n"`
}

// AgencyRow is one agency or supplier entity with the instructions it supplied in the range,
// counted by status (statusLabel).
type AgencyRow struct {
	ID                                    int64
	Name, Type, Country, Email            string
	Instructions, Confirmed, Closed, Open int64
}

// add counts n instructions in the statuses supplier and client.
func (a *AgencyRow) add(supplier, client string, n int64) {
	if n == 0 {
		return
	}
	a.Instructions += n
	switch statusLabel(supplier, client) {
	case "Confirmed":
		a.Confirmed += n
	case "Cancelled", "Rejected":
		a.Closed += n
	default:
		a.Open += n
	}
}

// foldAgencies turns the store's rows (an entity's rows together) into one AgencyRow per
// entity, handed to fn as each entity's last row passes: one entity in memory at a time.
func foldAgencies(rows func(func(*AgencyStatusRow) error) error) func(func(*AgencyRow) error) error {
	return func(fn func(*AgencyRow) error) error {
		var cur *AgencyRow
		err := rows(func(r *AgencyStatusRow) error {
			if cur != nil && cur.ID != r.ID {
				if err := fn(cur); err != nil {
					return err
				}
				cur = nil
			}
			if cur == nil {
				cur = &AgencyRow{ID: r.ID, Name: r.Name, Type: r.Type, Country: r.Country, Email: r.Email}
			}
			cur.add(r.SupplierStatus, r.ClientStatus, r.N)
			return nil
		})
		if err != nil || cur == nil {
			return err
		}
		return fn(cur)
	}
}

var agencyColumns = []column[AgencyRow]{
	{title: "ID", kind: kindNumber, cell: func(r *AgencyRow) string { return count(r.ID) }},
	{title: "Agency", cell: func(r *AgencyRow) string { return r.Name }},
	{title: "Type", cell: func(r *AgencyRow) string { return r.Type }},
	{title: "Country", cell: func(r *AgencyRow) string { return r.Country }},
	{title: "Email", cell: func(r *AgencyRow) string { return r.Email }},
	{title: "Instructions", kind: kindNumber, cell: func(r *AgencyRow) string { return count(r.Instructions) }},
	{title: "Confirmed", kind: kindNumber, cell: func(r *AgencyRow) string { return count(r.Confirmed) }},
	{title: "Awaiting", kind: kindNumber, cell: func(r *AgencyRow) string { return count(r.Open) }},
	{title: "Cancelled or Rejected", kind: kindNumber, cell: func(r *AgencyRow) string { return count(r.Closed) }},
}

// EntityRow is one entity (client, agency, supplier or base).
type EntityRow struct {
	ID               int64     `db:"id"`
	Name             string    `db:"name"`
	Type             string    `db:"type"`
	Country          string    `db:"country"`
	Timezone         string    `db:"timezone"`
	Email            string    `db:"email"`
	CancelWindowDays int64     `db:"cancel_window_days"`
	Departments      int64     `db:"departments"`
	CreatedAt        time.Time `db:"created_at"`
}

var entityColumns = []column[EntityRow]{
	{title: "ID", kind: kindNumber, cell: func(r *EntityRow) string { return count(r.ID) }},
	{title: "Name", cell: func(r *EntityRow) string { return r.Name }},
	{title: "Type", cell: func(r *EntityRow) string { return r.Type }},
	{title: "Country", cell: func(r *EntityRow) string { return r.Country }},
	{title: "Time Zone", cell: func(r *EntityRow) string { return r.Timezone }},
	{title: "Email", cell: func(r *EntityRow) string { return r.Email }},
	{title: "Cancel Window Days", kind: kindNumber, cell: func(r *EntityRow) string { return count(r.CancelWindowDays) }},
	{title: "Departments", kind: kindNumber, cell: func(r *EntityRow) string { return count(r.Departments) }},
	{title: "Created", kind: kindDate, cell: func(r *EntityRow) string { return day(r.CreatedAt) }},
}

// UserRow is one account.
type UserRow struct {
	ID            int64     `db:"id"`
	FirstName     string    `db:"first_name"`
	LastName      string    `db:"last_name"`
	Email         string    `db:"email"`
	Phone         string    `db:"phone"`
	IsFreelancer  bool      `db:"is_freelancer"`
	CanAdmin      bool      `db:"can_admin"`
	AccountStatus string    `db:"account_status"`
	Country       string    `db:"country"`
	Timezone      string    `db:"timezone"`
	CreatedAt     time.Time `db:"created_at"`
}

var userColumns = []column[UserRow]{
	{title: "ID", kind: kindNumber, cell: func(r *UserRow) string { return count(r.ID) }},
	{title: "First Name", cell: func(r *UserRow) string { return r.FirstName }},
	{title: "Last Name", cell: func(r *UserRow) string { return r.LastName }},
	{title: "Email", cell: func(r *UserRow) string { return r.Email }},
	{title: "Phone", cell: func(r *UserRow) string { return r.Phone }},
	{title: "Freelancer", cell: func(r *UserRow) string { return yesNo(r.IsFreelancer) }},
	{title: "Administrator", cell: func(r *UserRow) string { return yesNo(r.CanAdmin) }},
	{title: "Account Status", cell: func(r *UserRow) string { return r.AccountStatus }},
	{title: "Country", cell: func(r *UserRow) string { return r.Country }},
	{title: "Time Zone", cell: func(r *UserRow) string { return r.Timezone }},
	{title: "Created", kind: kindDate, cell: func(r *UserRow) string { return day(r.CreatedAt) }},
}

// JobTemplateRow is one job template with its department and client.
type JobTemplateRow struct {
	ID                 int64     `db:"id"`
	Title              string    `db:"title"`
	Type               string    `db:"type"`
	Client             string    `db:"client"`
	Department         string    `db:"department"`
	PlacementTemplates int64     `db:"placement_templates"`
	PreferredUsers     int64     `db:"preferred_users"`
	CreatedAt          time.Time `db:"created_at"`
}

var jobTemplateColumns = []column[JobTemplateRow]{
	{title: "ID", kind: kindNumber, cell: func(r *JobTemplateRow) string { return count(r.ID) }},
	{title: "Job", cell: func(r *JobTemplateRow) string { return r.Title }},
	{title: "Type", cell: func(r *JobTemplateRow) string { return r.Type }},
	{title: "Client", cell: func(r *JobTemplateRow) string { return r.Client }},
	{title: "Department", cell: func(r *JobTemplateRow) string { return r.Department }},
	{title: "Placement Templates", kind: kindNumber, cell: func(r *JobTemplateRow) string { return count(r.PlacementTemplates) }},
	{title: "Preferred Freelancers", kind: kindNumber, cell: func(r *JobTemplateRow) string { return count(r.PreferredUsers) }},
	{title: "Created", kind: kindDate, cell: func(r *JobTemplateRow) string { return day(r.CreatedAt) }},
}
