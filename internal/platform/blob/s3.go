package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
)

// S3 keeps blobs as objects in one bucket of an S3-compatible store.
type S3 struct {
	client *minio.Client
	bucket string
}

// NewS3 connects to the store described by cfg (no request is made until first use).
func NewS3(cfg config.S3Config) (*S3, error) {
	c, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.UseSSL,
		Region: cfg.Region,
		// minio-go's default, 10 tries with back-off, keeps a request waiting about 8 s on a
		// store that is down before it can answer 503; three tries ride out a blip.
		MaxRetries: 3,
	})
	if err != nil {
		return nil, fmt.Errorf("HIVE_S3_ENDPOINT: %w", err)
	}
	return &S3{client: c, bucket: cfg.Bucket}, nil
}

// Put uploads the object; size may be -1 when unknown (minio then uses a multipart upload).
func (s *S3) Put(ctx context.Context, key, contentType string, r io.Reader, size int64) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{ContentType: contentType})
	return s3Err(err)
}

// Get opens the object.
func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	if err := CheckKey(key); err != nil {
		return nil, Info{}, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, s3Err(err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, Info{}, s3Err(err)
	}
	return obj, Info{ContentType: st.ContentType, Size: st.Size, ModTime: st.LastModified}, nil
}

// Delete removes the object; deleting a missing object is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	return s3Err(s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}))
}

func s3Err(err error) error {
	if err == nil {
		return nil
	}
	r := minio.ToErrorResponse(err)
	if r.Code == "NoSuchKey" || r.StatusCode == 404 && r.Code != "NoSuchBucket" {
		return ErrNotFound
	}
	// The store out of reach (refused, reset, timed out) or failing on its side (5xx: a full or
	// overloaded store) is a 503 for the client; a refusal (credentials, bucket) stays a 500,
	// as it needs an operator, not a retry.
	var netErr net.Error
	if errors.As(err, &netErr) || r.StatusCode >= 500 {
		return apperror.Unavailable(err)
	}
	return err
}
