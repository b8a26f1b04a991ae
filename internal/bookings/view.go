package bookings

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// BookingOfPlacement is the booking a placement belongs to; 404 when there is no such placement.
func (s *Store) BookingOfPlacement(ctx context.Context, placement int64) (int64, error) {
	var id int64
	err := s.DB.Get(ctx, &id, `SELECT booking_id FROM placements WHERE id = ?`, placement)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, apperror.NotFound("Placement")
	}
	return id, err
}

// assemble builds the API view. Buy rates go to administrators only.
func assemble(b bookingRow, ps []placementRow, is []InstructionRow, modified map[int64][]time.Time, p *auth.Principal, now time.Time) BookingView {
	v := BookingView{ID: b.ID, JobTemplateID: b.JobTemplateID, DepartmentID: b.DepartmentID,
		Department: BookingDepartment{ID: b.DepartmentID, Name: b.DepartmentName, Timezone: b.Timezone, CancelWindowDays: b.CancelWindowDays},
		ClientID:   b.ClientID, ClientName: b.ClientName, Title: b.Title, Reference: b.Reference, IR35: b.IR35, Type: b.Type,
		Direct: b.Direct, SubstitutionAllowed: b.SubstitutionAllowed, PeriodType: b.PeriodType, Version: b.Version,
		CanManage: access.CanManageDepartment(p, b.DepartmentID), Dates: []string{}, Placements: []PlacementView{}}
	byPlacement := map[int64][]InstructionView{}
	overnight := map[int64]bool{}
	future := map[int64]bool{}
	for _, pr := range ps {
		overnight[pr.ID] = pr.Overnight
		future[pr.ID] = pr.StartAt.After(now)
	}
	for _, r := range is {
		iv := instructionView(r, b, p.CanAdmin)
		iv.Overnight, iv.IsFuture = overnight[r.PlacementID], future[r.PlacementID]
		byPlacement[r.PlacementID] = append(byPlacement[r.PlacementID], iv)
	}
	for _, pr := range ps {
		if pr.DeletedAt == nil && (len(v.Dates) == 0 || v.Dates[len(v.Dates)-1] != pr.LocalDate) {
			v.Dates = appendUnique(v.Dates, pr.LocalDate)
		}
		pv := PlacementView{ID: pr.ID, BookingID: pr.BookingID, PlacementTemplateID: pr.PlacementTemplateID, Title: pr.Title,
			Date: pr.LocalDate, Period: []string{wireTime(pr.StartAt.UTC()), wireTime(pr.EndAt.UTC())},
			LocalPeriod: LocalPeriod{Start: localTime(pr.StartAt, pr.Timezone), End: localTime(pr.EndAt, pr.Timezone)},
			Timezone:    pr.Timezone, Overnight: pr.Overnight, Reference: pr.Reference, UnpaidBreaks: pr.UnpaidBreaks,
			SupplierNotes: pr.SupplierNotes, StartTime: pr.StartTime[:5], EndTime: pr.EndTime[:5], Revision: pr.Version,
			Version: []string{}, DeletedAt: optionalTime(pr.DeletedAt), CancellationReason: pr.CancellationReason,
			Instructions: byPlacement[pr.ID]}
		if pv.Instructions == nil {
			pv.Instructions = []InstructionView{}
		}
		for _, at := range modified[pr.ID] {
			pv.Version = append(pv.Version, wireTime(at.UTC()))
		}
		v.Placements = append(v.Placements, pv)
	}
	if len(v.Dates) > 0 {
		v.StartDate, v.EndDate = v.Dates[0], v.Dates[len(v.Dates)-1]
	}
	return v
}

func appendUnique(dates []string, d string) []string {
	for _, x := range dates {
		if x == d {
			return dates
		}
	}
	return append(dates, d)
}

func instructionView(r InstructionRow, b bookingRow, admin bool) InstructionView {
	return InstructionViewOf(r, b.ClientName, b.DepartmentName, admin)
}

// InstructionViewOf is an instruction as every view sends it (bookings, agenda), with its
// booking's client and department names; the buy rate for administrators only.
func InstructionViewOf(r InstructionRow, clientName, departmentName string, admin bool) InstructionView {
	name := strings.TrimSpace(r.FirstName + " " + r.LastName)
	iv := InstructionView{ID: r.ID, PlacementID: r.PlacementID, BookingID: r.BookingID, UserID: r.UserID,
		User:     InstructionUser{ID: r.UserID, FullName: name, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email},
		FullName: name, SupplierStatus: r.SupplierStatus, ClientStatus: r.ClientStatus,
		PreviousSupplierStatus: r.PreviousSupplier, PreviousClientStatus: r.PreviousClient, SubstitutionOfID: r.SubstitutionOfID,
		CreatedAt: wireTime(r.CreatedAt.UTC()), Version: r.Version, CancellationReason: r.CancellationReason,
		SellRate: jobs.RateOf(r.SellMinor, r.SellCurrency, r.SellPeriod), Direct: r.Direct,
		ClientName: clientName, DepartmentName: departmentName, DeletedAt: optionalTime(r.DeletedAt)}
	if admin {
		buy := jobs.RateOf(r.BuyMinor, r.BuyCurrency, r.BuyPeriod)
		iv.BuyRate = &buy
	}
	return iv
}
