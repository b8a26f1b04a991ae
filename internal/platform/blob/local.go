package blob

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hive/hive/internal/platform/apperror"
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

// Put writes the blob atomically: the bytes and the content-type sidecar go to temporary files
// first and are renamed into place once both are whole, so a full disk, a failing disk or a
// client that stops sending mid-way leaves the key as it was, never half a file. size, when
// not negative, must match the number of bytes read. A failure of the file system is
// apperror.ErrUnavailable (503), one of the reader is returned as it is.
func (l *Local) Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return apperror.Unavailable(err)
	}
	src := &readErr{r: r}
	blobTmp, err := writeTemp(filepath.Dir(p), src)
	if blobTmp != "" {
		defer os.Remove(blobTmp)
	}
	if src.err != nil {
		return src.err
	}
	if err != nil {
		return apperror.Unavailable(err)
	}
	if size >= 0 && src.n != size {
		return fmt.Errorf("blob %s: wrote %d bytes, expected %d", key, src.n, size)
	}
	meta, _ := json.Marshal(localMeta{ContentType: contentType})
	metaTmp, err := writeTemp(filepath.Dir(p), bytes.NewReader(meta))
	if metaTmp != "" {
		defer os.Remove(metaTmp)
	}
	if err == nil {
		err = os.Rename(metaTmp, p+metaSuffix)
	}
	if err == nil {
		err = os.Rename(blobTmp, p)
	}
	return apperror.Unavailable(err)
}

// writeTemp copies r into a new temporary file in dir, synced to disk, and returns its name
// (also on failure, for the caller to remove).
func writeTemp(dir string, r io.Reader) (string, error) {
	f, err := os.CreateTemp(dir, ".upload-*")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(f, r)
	if err == nil {
		err = f.Sync() // a full disk may only show here, or at Close
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return f.Name(), err
}

// readErr counts what its reader gave and keeps the reader's own error, so Put can tell a
// client that stopped sending from a file system that failed.
type readErr struct {
	r   io.Reader
	n   int64
	err error
}

func (e *readErr) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	e.n += int64(n)
	if err != nil && err != io.EOF {
		e.err = err
	}
	return n, err
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
		return nil, Info{}, apperror.Unavailable(err)
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
