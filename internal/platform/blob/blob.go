// Package blob is Hive's file store: a local directory by default (HIVE_DATA_DIR/blobs), or an
// S3-compatible bucket when HIVE_S3_BUCKET is set, so several nodes share the same files.
//
// Uploads always pass through Hive: SignUploadURL returns a short-lived URL on Hive itself
// (PUT /api/v1/blob-upload/{token}) for both stores. Hive checks the token, the size and the
// content before it streams the bytes into the store, which a browser upload straight to S3
// could not guarantee.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/config"
)

// ErrNotFound is returned by Get for a key that holds nothing.
var ErrNotFound = errors.New("blob not found")

// ErrBadKey is returned for keys that are not a safe relative path.
var ErrBadKey = errors.New("blob key is not valid")

// Info describes a stored blob.
type Info struct {
	ContentType string
	Size        int64
	ModTime     time.Time
}

// Store keeps blobs by key. Keys are slash-separated segments of letters, digits, '.', '_' and
// '-' (no empty, "." or ".." segments), at most 512 characters.
type Store interface {
	Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error
	Get(ctx context.Context, key string) (io.ReadCloser, Info, error)
	Delete(ctx context.Context, key string) error
}

// FromConfig returns the S3 store when HIVE_S3_BUCKET is set, the local one otherwise.
func FromConfig(cfg config.Config) (Store, error) {
	if cfg.S3.Bucket != "" {
		return NewS3(cfg.S3)
	}
	return &Local{Dir: filepath.Join(cfg.DataDir, "blobs")}, nil
}

// CheckKey reports whether key is safe to use as a path below a directory or as an object name.
func CheckKey(key string) error {
	if key == "" || len(key) > 512 {
		return ErrBadKey
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg == "." || seg == ".." || strings.HasSuffix(seg, metaSuffix) {
			return fmt.Errorf("%w: %q", ErrBadKey, key)
		}
		for _, c := range seg {
			ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
			if !ok {
				return fmt.Errorf("%w: %q", ErrBadKey, key)
			}
		}
	}
	return nil
}
