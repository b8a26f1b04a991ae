package jobs

// RateCardUser names the contractor of a rate card.
type RateCardUser struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
}

// RateCard is a contractor's own rates on a placement template. BuyRate goes to administrators only.
type RateCard struct {
	ID                  int64        `json:"id"`
	PlacementTemplateID int64        `json:"placementTemplateId"`
	UserID              int64        `json:"userId"`
	User                RateCardUser `json:"user"`
	BuyRate             *Rate        `json:"buyRate,omitempty"`
	SellRate            Rate         `json:"sellRate"`
	Version             int          `json:"version"`
}
