package files

import (
	"testing"

	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/config"
)

// UseBlobStore makes the servers the test starts keep their files in st. Tests that call it
// must not run in parallel.
func UseBlobStore(t *testing.T, st blob.Store) {
	prev := openBlobs
	openBlobs = func(config.Config) (blob.Store, error) { return st, nil }
	t.Cleanup(func() { openBlobs = prev })
}
