// Package migrations embeds the SQL migrations: sqlite/ and postgres/ hold the same numbered
// files, one DDL per dialect.
package migrations

import "embed"

// FS holds sqlite/*.sql and postgres/*.sql.
//
//go:embed sqlite/*.sql postgres/*.sql
var FS embed.FS
