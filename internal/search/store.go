package search

import "github.com/hive/hive/internal/platform/database"

// Store reads and keeps the search index.
type Store struct{ DB *database.DB }
