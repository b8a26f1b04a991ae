package scheduler

import (
	"unicode/utf8"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/input"
)

// Bookmark messages (the spec asks for a description; the wording is ours).
const (
	MsgBookmarkDescription = "Enter a description"
	MsgBookmarkTooLong     = "The description may have at most 200 characters"
	maxBookmarkDescription = 200
)

// BookingBookmarkQuery is the filter set a bookmark keeps: the filter panel's fields.
type BookingBookmarkQuery struct {
	ClientIDs         []int64  `json:"clientIds"`
	DepartmentIDs     []int64  `json:"departmentIds"`
	UserIDs           []int64  `json:"userIds"`
	PlacementStatuses []string `json:"placementStatuses" enum:"red,orange,purple,green,gray"`
	JobTemplateIDs    []int64  `json:"jobTemplateIds"`
}

// BookingBookmarkQueryInput is the filter set as sent: every list may be left out.
type BookingBookmarkQueryInput struct {
	ClientIDs         []int64  `json:"clientIds,omitempty" maxItems:"500"`
	DepartmentIDs     []int64  `json:"departmentIds,omitempty" maxItems:"500"`
	UserIDs           []int64  `json:"userIds,omitempty" maxItems:"500"`
	PlacementStatuses []string `json:"placementStatuses,omitempty" maxItems:"5" enum:"red,orange,purple,green,gray"`
	JobTemplateIDs    []int64  `json:"jobTemplateIds,omitempty" maxItems:"500"`
}

// BookingBookmarkInput is the createBookingBookmark payload.
type BookingBookmarkInput struct {
	Description string                    `json:"description" maxLength:"400" doc:"Required; at most 200 characters once trimmed"`
	Query       BookingBookmarkQueryInput `json:"query,omitempty"`
}

// BookingBookmark is one saved filter set of the caller.
type BookingBookmark struct {
	ID          int64                `json:"id"`
	Description string               `json:"description"`
	Query       BookingBookmarkQuery `json:"query"`
}

// BookingBookmarkList is the caller's bookmarks, by description.
type BookingBookmarkList struct {
	Items []BookingBookmark `json:"items"`
}

// normalised trims and checks the description and turns the filter set into its stored shape,
// absent lists empty, so a bookmark always answers with every field.
func (in BookingBookmarkInput) normalised() (BookingBookmark, error) {
	description := input.Text(in.Description)
	switch {
	case description == "":
		return BookingBookmark{}, apperror.Field("description", MsgBookmarkDescription)
	case utf8.RuneCountInString(description) > maxBookmarkDescription:
		return BookingBookmark{}, apperror.Field("description", MsgBookmarkTooLong)
	}
	// The two types differ only in their tags (what may be left out, and limits).
	return BookingBookmark{Description: description, Query: BookingBookmarkQuery(in.Query).normalised()}, nil
}

func (q BookingBookmarkQuery) normalised() BookingBookmarkQuery {
	for _, ids := range []*[]int64{&q.ClientIDs, &q.DepartmentIDs, &q.UserIDs, &q.JobTemplateIDs} {
		if *ids == nil {
			*ids = []int64{}
		}
	}
	if q.PlacementStatuses == nil {
		q.PlacementStatuses = []string{}
	}
	return q
}
