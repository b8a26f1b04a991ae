package database

import (
	"database/sql"
	"errors"
	"fmt"
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
)

func TestNoRowHelpers(t *testing.T) {
	noRow := fmt.Errorf("get booking: %w", sql.ErrNoRows)
	other := errors.New("disk on fire")

	e := apperror.As(NotFound(noRow, "Booking"))
	if e == nil || e.Kind != apperror.KindNotFound || e.Code != apperror.CodeNotFound || e.Message != "Booking not found" {
		t.Fatalf("NotFound(no row) = %v", e)
	}
	if NotFound(other, "Booking") != other || NotFound(nil, "Booking") != nil {
		t.Fatal("NotFound must pass other errors and nil through")
	}

	spent := errors.New("spent")
	if NoRowsAs(noRow, spent) != spent || NoRowsAs(other, spent) != other || NoRowsAs(nil, spent) != nil {
		t.Fatal("NoRowsAs maps only no row")
	}

	for _, c := range []struct {
		err     error
		found   bool
		wantErr error
	}{{nil, true, nil}, {noRow, false, nil}, {other, false, other}} {
		if found, err := Found(c.err); found != c.found || err != c.wantErr {
			t.Errorf("Found(%v) = %v, %v", c.err, found, err)
		}
	}
}
