package accounts

import (
	"time"
)

// Login throttling per submitted address (ASVS V2.2.1). Counting failures rather than attempts
// means an attacker cannot lock a victim out for longer than the current delay: once it has
// passed the right password gets through and a success clears the count. Attempts made while
// the address waits are refused without a password check and without counting, so hammering
// does not extend the wait.
const (
	LoginFreeFailures  = 4              // failures allowed before the first delay
	LoginFirstDelay    = time.Second    // the delay after the fifth failure, doubling after each further one
	LoginMaxDelay      = time.Minute    // at most one guess a minute per address: under ASVS's 100 an hour
	LoginFailureMemory = 24 * time.Hour // a count untouched for this long starts again
)

// loginDelay is how long an address waits after its nth consecutive failure.
func loginDelay(n int) time.Duration {
	if n <= LoginFreeFailures {
		return 0
	}
	d := LoginFirstDelay
	for i := LoginFreeFailures + 1; i < n && d < LoginMaxDelay; i++ {
		d *= 2
	}
	return min(d, LoginMaxDelay)
}
