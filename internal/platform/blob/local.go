package blob

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

const metaSuffix = ".meta"

// Local keeps blobs as files below Dir, each with a small JSON sidecar holding its content type.
type Local struct{ Dir string }

type localMeta struct {
	ContentType string `json:"contentType"`
}

func (l *Local) path(key string) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.Dir, filepath.FromSlash(key)), nil
}

// Put writes the blob atomically (a temporary file renamed into place). size, when not
// negative, must match the number of bytes read.
func (l *Local) Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	n, err := io.Copy(tmp, r)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if size >= 0 && n != size {
		return fmt.Errorf("blob %s: wrote %d bytes, expected %d", key, n, size)
	}
	meta, _ := json.Marshal(localMeta{ContentType: contentType})
	if err := os.WriteFile(p+metaSuffix, meta, 0o640); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), p)
}

// Get opens the blob.
func (l *Local) Get(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, Info{}, ErrNotFound
	}
	info := Info{Size: st.Size(), ModTime: st.ModTime(), ContentType: "application/octet-stream"}
	if data, err := os.ReadFile(p + metaSuffix); err == nil {
		var m localMeta
		if json.Unmarshal(data, &m) == nil && m.ContentType != "" {
			info.ContentType = m.ContentType
		}
	}
	return f, info, nil
}

// Delete removes the blob; deleting a missing blob is not an error.
func (l *Local) Delete(ctx context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Remove(p + metaSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
