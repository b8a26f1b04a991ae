package invoices

import "time"

// SelfBilling is a supplier legal entity's answer to self-billing: whether its clients may issue
// its invoices, since when, and who answered. A legal entity that never answered has not agreed.
type SelfBilling struct {
	LegalEntityID  int64      `db:"legal_entity_id"`
	Agreed         bool       `db:"agreed"`
	AgreedAt       *time.Time `db:"agreed_at"`
	AgreedByUserID *int64     `db:"agreed_by_user_id"`
	AgreedByName   string     `db:"agreed_by_name"`
	Version        int        `db:"version"`
}
