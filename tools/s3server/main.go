// Command s3server is the S3-compatible object store of the local cluster (cluster/cluster.sh):
// gofakes3 served over HTTP as its own process, so every node reaches the same objects over the
// network as they would a real store. It keeps objects in memory for as long as it runs (the
// cluster's lifetime; the nodes restart, it does not). It is a test fixture, not a production
// store: it checks no signatures.
//
// Usage: s3server -addr 127.0.0.1:18083 -bucket hive
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9000", "address to listen on")
	bucket := flag.String("bucket", "hive", "bucket to create when missing")
	flag.Parse()
	if err := run(*addr, *bucket); err != nil {
		fmt.Fprintln(os.Stderr, "s3server:", err)
		os.Exit(1)
	}
}

func run(addr, bucket string) error {
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil && !gofakes3.IsAlreadyExists(err) {
		return err
	}
	srv := &http.Server{Addr: addr, Handler: gofakes3.New(backend, gofakes3.WithoutVersioning()).Server(),
		ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	log.Printf("s3server: listening on %s, bucket %q", addr, bucket)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
