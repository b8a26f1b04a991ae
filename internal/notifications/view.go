package notifications

import (
	"time"

	"github.com/hive/hive/internal/platform/auth"
)

// UserRef is the recipient as the list shows them.
type UserRef struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
}

// Notification is one notification as the API sends it.
type Notification struct {
	ID          int64      `json:"id"`
	Type        string     `json:"type" doc:"The notification type's identifier"`
	Subject     string     `json:"subject"`
	BodyText    string     `json:"bodyText"`
	Link        string     `json:"link" doc:"In-app path of the screen it is about, or ''"`
	CreatedAt   time.Time  `json:"createdAt"`
	ReadReceipt *time.Time `json:"readReceipt,omitempty" doc:"When the recipient opened it; omitted while unread"`
	Recipient   string     `json:"recipient" doc:"The recipient's e-mail address"`
	User        UserRef    `json:"user"`
}

// NotificationList is one page of notifications, newest first.
type NotificationList struct {
	Items []Notification `json:"items"`
	Total int            `json:"total"`
}

// NotificationStats counts a user's notifications.
type NotificationStats struct {
	Unread int `json:"unread"`
	Total  int `json:"total"`
}

// Preference is one notification type with the caller's choice.
type Preference struct {
	Identifier  string `json:"identifier"`
	Group       Group  `json:"group" enum:"booking,substitute,client,supplier"`
	Label       string `json:"label"`
	Description string `json:"description"`
	Enabled     bool   `json:"enabled"`
}

// Preferences is the caller's preferences, in catalogue order.
type Preferences struct {
	Items []Preference `json:"items"`
}

// row is a notification as the store reads it.
type row struct {
	ID          int64      `db:"id"`
	UserID      int64      `db:"user_id"`
	Type        string     `db:"type"`
	Subject     string     `db:"subject"`
	BodyText    string     `db:"body_text"`
	Link        string     `db:"link"`
	CreatedAt   time.Time  `db:"created_at"`
	ReadReceipt *time.Time `db:"read_receipt"`
	Email       string     `db:"email"`
	FirstName   string     `db:"first_name"`
	LastName    string     `db:"last_name"`
}

func (r row) view() Notification {
	name := auth.FullName(r.FirstName, r.LastName)
	n := Notification{ID: r.ID, Type: r.Type, Subject: r.Subject, BodyText: r.BodyText, Link: r.Link,
		CreatedAt: r.CreatedAt.UTC(), Recipient: r.Email, User: UserRef{ID: r.UserID, FullName: name}}
	if r.ReadReceipt != nil {
		t := r.ReadReceipt.UTC()
		n.ReadReceipt = &t
	}
	return n
}

// preferencesOf lists the types p may see with p's choices (stored: identifier → enabled; a
// type not stored is on).
func preferencesOf(visible []Type, stored map[string]bool) Preferences {
	out := Preferences{Items: make([]Preference, 0, len(visible))}
	for _, t := range visible {
		on, ok := stored[t.Identifier]
		out.Items = append(out.Items, Preference{Identifier: t.Identifier, Group: t.Group, Label: t.Label,
			Description: t.Description, Enabled: !ok || on})
	}
	return out
}
