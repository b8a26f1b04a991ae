package legalentities

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/organisations/entities"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// Store reads and writes legal entities and, on create, their links to entities.
type Store struct {
	DB *database.DB
}

const columns = `id, status, type, ni_number, gender, trading_name, company_name, company_number, operating_model,
	timezone, country, vat_registered, vat_number, vat_pct_hundredths, address1, address2, address3, address4, email,
	phone, iban, sort_code, account_number, bank_name, bank_country_code, branch_code, location_name, latitude, longitude, created_at, updated_at, version`

func find(ctx context.Context, q database.Reader, id int64) (LegalEntity, error) {
	var le LegalEntity
	err := q.Get(ctx, &le, `SELECT `+columns+` FROM legal_entities WHERE id = ?`, id)
	if err != nil {
		return le, database.NotFound(err, "Legal entity")
	}
	le.EntityIDs = []int64{}
	err = q.Select(ctx, &le.EntityIDs, `SELECT entity_id FROM entity_legal_entity_refs WHERE legal_entity_id = ? ORDER BY entity_id`, id)
	return le, err
}

// LegalEntity returns one legal entity with its linked entity ids; not found is N-404.
func (s *Store) LegalEntity(ctx context.Context, id int64) (LegalEntity, error) {
	return find(ctx, s.DB, id)
}

// ListQuery selects a page of the All Legal Entities grid.
type ListQuery struct {
	Name     string // company or trading name contains, case-insensitive
	Type     string
	Status   string
	EntityID int64
	Sort     string
	Offset   int
	Limit    int
	Visible  database.Visibility // the entities the caller may see
}

var sortColumns = map[string]string{"id": "id", "companyName": "LOWER(company_name)", "tradingName": "LOWER(trading_name)",
	"type": "type", "status": "status"}

// List returns one page of legal entities (with their entity ids) and the total.
func (s *Store) List(ctx context.Context, q ListQuery) ([]LegalEntity, int, error) {
	order, ok := entities.SortOrder(q.Sort, sortColumns, "id")
	if !ok {
		return nil, 0, apperror.Field("sort", "Sort by id, companyName, tradingName, type or status.")
	}
	var where database.Where
	if q.Visible.None() {
		return []LegalEntity{}, 0, nil
	}
	if !q.Visible.All {
		cond, ids := q.Visible.Condition("r.entity_id")
		where.Add(`EXISTS (SELECT 1 FROM entity_legal_entity_refs r WHERE r.legal_entity_id = legal_entities.id
			AND `+cond+`)`, ids...)
	}
	if q.EntityID != 0 {
		where.Add(`EXISTS (SELECT 1 FROM entity_legal_entity_refs r WHERE r.legal_entity_id = legal_entities.id
			AND r.entity_id = ?)`, q.EntityID)
	}
	if q.Name != "" {
		where.Add(`LOWER(company_name || ' ' || trading_name) LIKE ?`,
			"%"+strings.NewReplacer("%", "", "_", "").Replace(strings.ToLower(q.Name))+"%")
	}
	if q.Type != "" {
		where.Add("type = ?", q.Type)
	}
	if q.Status != "" {
		where.Add("status = ?", q.Status)
	}
	cond, args := where.SQL(), where.Args()
	type pageRow struct {
		LegalEntity
		Total int `db:"total"`
	}
	out, total, err := database.WindowPage(ctx, s.DB, `SELECT `+columns+`, COUNT(*) OVER() AS total FROM legal_entities`+cond+
		` ORDER BY `+order, `SELECT COUNT(*) FROM legal_entities`+cond, args, q.Limit, q.Offset,
		func(r pageRow) (LegalEntity, int) { return r.LegalEntity, r.Total })
	if err != nil {
		return nil, 0, fmt.Errorf("list legal entities: %w", err)
	}
	return out, total, s.addEntityIDs(ctx, out)
}

func (s *Store) addEntityIDs(ctx context.Context, les []LegalEntity) error {
	if len(les) == 0 {
		return nil
	}
	ids := make([]int64, len(les))
	at := map[int64]int{}
	for i := range les {
		ids[i] = les[i].ID
		at[les[i].ID] = i
		les[i].EntityIDs = []int64{}
	}
	in, args := database.In(ids)
	var refs []struct {
		LegalEntityID int64 `db:"legal_entity_id"`
		EntityID      int64 `db:"entity_id"`
	}
	if err := s.DB.Select(ctx, &refs, `SELECT legal_entity_id, entity_id FROM entity_legal_entity_refs
		WHERE legal_entity_id IN (`+in+`) ORDER BY entity_id`, args...); err != nil {
		return err
	}
	for _, r := range refs {
		i := at[r.LegalEntityID]
		les[i].EntityIDs = append(les[i].EntityIDs, r.EntityID)
	}
	return nil
}

// auditRow is the legal entity as the history stores it.
func auditRow(le LegalEntity) map[string]any {
	return map[string]any{"id": le.ID, "status": le.Status, "type": le.Type, "niNumber": le.NINumber, "gender": le.Gender,
		"tradingName": le.TradingName, "companyName": le.CompanyName, "companyNumber": le.CompanyNumber,
		"operatingModel": le.OperatingModel, "timezone": le.Timezone, "country": le.Country, "vatRegistered": le.VATRegistered,
		"vatNumber": le.VATNumber, "vatPct": float64(le.VATHundredths) / 100, "address1": le.Address1, "address2": le.Address2,
		"address3": le.Address3, "address4": le.Address4, "email": le.Email, "phone": le.Phone, "iban": le.IBAN,
		"sortCode": le.SortCode, "accountNumber": le.AccountNumber, "bankName": le.BankName,
		"bankCountryCode": le.BankCountryCode, "branchCode": le.BranchCode, "location": map[string]any{"location_name": le.LocationName,
			"latitude": le.Latitude, "longitude": le.Longitude}, "entityIds": le.EntityIDs, "version": le.Version}
}

// Create inserts le and links it to each of entityIDs, recording all of it in the history.
func (s *Store) Create(ctx context.Context, le *LegalEntity, entityIDs []int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		le.CreatedAt, le.UpdatedAt, le.Version = tx.Now, tx.Now, 1
		err := tx.Get(ctx, &le.ID, `INSERT INTO legal_entities (status, type, ni_number, gender, trading_name, company_name,
			company_number, operating_model, timezone, country, vat_registered, vat_number, vat_pct_hundredths, address1,
			address2, address3, address4, email, phone, iban, sort_code, account_number, bank_name, bank_country_code,
			branch_code, location_name, latitude, longitude, created_at, updated_at, version)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			le.Status, le.Type, le.NINumber, le.Gender, le.TradingName, le.CompanyName, le.CompanyNumber, le.OperatingModel,
			le.Timezone, le.Country, le.VATRegistered, le.VATNumber, le.VATHundredths, le.Address1, le.Address2, le.Address3,
			le.Address4, le.Email, le.Phone, le.IBAN, le.SortCode, le.AccountNumber, le.BankName, le.BankCountryCode,
			le.BranchCode, le.LocationName, le.Latitude, le.Longitude, le.CreatedAt, le.UpdatedAt, le.Version)
		if err != nil {
			return fmt.Errorf("insert legal entity: %w", err)
		}
		if err := index.Refresh(ctx, tx, index.LegalEntity, le.ID); err != nil {
			return err
		}
		le.EntityIDs = []int64{}
		for _, eid := range entityIDs {
			var refID int64
			err := tx.Get(ctx, &refID, `INSERT INTO entity_legal_entity_refs (entity_id, legal_entity_id, created_at, updated_at, version)
				VALUES (?, ?, ?, ?, 1) RETURNING id`, eid, le.ID, tx.Now, tx.Now)
			if errors.Is(err, database.ErrForeignKeyViolation) {
				return apperror.Field("entityIds", "Entity not found")
			}
			if err != nil {
				return fmt.Errorf("link legal entity: %w", err)
			}
			le.EntityIDs = append(le.EntityIDs, eid)
			if err := audit.Record(ctx, tx, audit.Insert, audit.SourceLegalEntityRef, refID, map[string]any{
				"id": refID, "entityId": eid, "legalEntityId": le.ID, "version": 1}); err != nil {
				return err
			}
		}
		return audit.Record(ctx, tx, audit.Insert, audit.SourceLegalEntity, le.ID, auditRow(*le))
	})
}

// Update reads legal entity id in a transaction, lets change modify it (an error abandons the
// write), and saves it when version is still current.
func (s *Store) Update(ctx context.Context, id int64, version int, change func(le *LegalEntity) error) (LegalEntity, error) {
	var le LegalEntity
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		if le, err = find(ctx, tx, id); err != nil {
			return err
		}
		if err := change(&le); err != nil {
			return err
		}
		if le.Version != version {
			return apperror.Conflict(entities.MsgStale)
		}
		le.UpdatedAt = tx.Now
		n, err := tx.Exec(ctx, `UPDATE legal_entities SET status = ?, ni_number = ?, gender = ?, trading_name = ?,
			company_name = ?, company_number = ?, operating_model = ?, timezone = ?, country = ?, vat_registered = ?,
			vat_number = ?, vat_pct_hundredths = ?, address1 = ?, address2 = ?, address3 = ?, address4 = ?, email = ?,
			phone = ?, iban = ?, sort_code = ?, account_number = ?, bank_name = ?, bank_country_code = ?, branch_code = ?,
			location_name = ?, latitude = ?, longitude = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
			le.Status, le.NINumber, le.Gender, le.TradingName, le.CompanyName, le.CompanyNumber, le.OperatingModel,
			le.Timezone, le.Country, le.VATRegistered, le.VATNumber, le.VATHundredths, le.Address1, le.Address2,
			le.Address3, le.Address4, le.Email, le.Phone, le.IBAN, le.SortCode, le.AccountNumber, le.BankName,
			le.BankCountryCode, le.BranchCode, le.LocationName, le.Latitude, le.Longitude, le.UpdatedAt, id, version)
		if err != nil {
			return fmt.Errorf("update legal entity: %w", err)
		}
		if n == 0 {
			return apperror.Conflict(entities.MsgStale)
		}
		le.Version++
		if err := index.Refresh(ctx, tx, index.LegalEntity, le.ID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceLegalEntity, le.ID, auditRow(le))
	})
	return le, err
}
