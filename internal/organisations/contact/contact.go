// Package contact holds the postal address and the ways to reach an organisation that
// departments and legal entities both keep: one declaration of the six fields and their column
// and wire names.
package contact

// Details are an address of four free lines, an e-mail address and a telephone number, as
// stored (db) and as the API shows them (json); embedded where they appear.
type Details struct {
	Address1 string `json:"address1" db:"address1"`
	Address2 string `json:"address2" db:"address2"`
	Address3 string `json:"address3" db:"address3"`
	Address4 string `json:"address4" db:"address4"`
	Email    string `json:"email" db:"email"`
	Phone    string `json:"phone" db:"phone"`
}
