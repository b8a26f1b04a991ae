package periodic_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/periodic"
)

// A round runs at once, again on a wake long before the interval, and not after the context
// ends; a round's error is logged, unless the context has ended.
func TestEveryRunsNowOnWakeAndStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	wake := make(chan struct{}, 1)
	var log bytes.Buffer
	rounds := make(chan int, 10)
	n := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		periodic.Every(ctx, time.Hour, wake, slog.New(slog.NewTextHandler(&log, nil)), "test round",
			func(context.Context) error {
				n++
				rounds <- n
				if n == 1 {
					return errors.New("first fails")
				}
				cancel()
				return errors.New("fails as the context ends")
			})
	}()
	if got := <-rounds; got != 1 {
		t.Fatalf("first round %d", got)
	}
	wake <- struct{}{}
	if got := <-rounds; got != 2 {
		t.Fatalf("round on wake %d", got)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Every did not return when its context ended")
	}
	if s := log.String(); strings.Count(s, "test round") != 1 || !strings.Contains(s, "first fails") {
		t.Errorf("log:\n%s", s)
	}
}
