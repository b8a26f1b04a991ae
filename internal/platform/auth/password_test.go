package auth

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestArgon2RunsAtMostOnePerThread: a burst of sign-ins queues for the hashing places instead
// of each taking its own 19 MiB block at once.
func TestArgon2RunsAtMostOnePerThread(t *testing.T) {
	hash, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	savedSlots, savedKey := hashing, idKey
	t.Cleanup(func() { hashing, idKey = savedSlots, savedKey })
	const places = 2
	hashing = make(chan struct{}, places)
	var inFlight, peak atomic.Int32
	idKey = func(password, salt []byte, passes, memory uint32, threads uint8, keyLen uint32) []byte {
		n := inFlight.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		for range 100 { // give the other callers every chance to overlap this one
			runtime.Gosched()
		}
		defer inFlight.Add(-1)
		return savedKey(password, salt, passes, memory, threads, keyLen)
	}

	var wg sync.WaitGroup
	var wrong atomic.Int32
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			password, right := "correct horse", i%2 == 0
			if !right {
				password = "wrong horse"
			}
			if CheckPassword(hash, password) != right {
				wrong.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := peak.Load(); n < 1 || n > places {
		t.Errorf("%d argon2id runs at once, want at most %d", n, places)
	}
	if wrong.Load() != 0 {
		t.Errorf("%d checks answered wrong", wrong.Load())
	}
}
