package database_test

import (
	"errors"
	"sync/atomic"
	"testing"

	"github.com/hive/hive/internal/platform/database"
)

// TestInParallelRunsEveryReadAndReturnsTheFirstError: every read runs even when one fails, and
// the error returned is that of the first failing read in the order given.
func TestInParallelRunsEveryReadAndReturnsTheFirstError(t *testing.T) {
	var ran atomic.Int32
	first, second := errors.New("first"), errors.New("second")
	read := func(err error) func() error {
		return func() error { ran.Add(1); return err }
	}
	if err := database.InParallel(read(nil), read(first), read(nil), read(second)); err != first {
		t.Fatalf("error %v, want %v", err, first)
	}
	if ran.Load() != 4 {
		t.Fatalf("%d reads ran, want 4", ran.Load())
	}
	if err := database.InParallel(read(nil), read(nil)); err != nil {
		t.Fatal(err)
	}
}
