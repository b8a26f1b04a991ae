package database

import "sync"

// InParallel runs independent reads at once, each on its own connection of the pool (each
// fills its own variable), waits for all of them and returns the first error in the order
// given. A read in a transaction must not use it: a transaction is one connection.
func InParallel(reads ...func() error) error {
	errs := make([]error, len(reads))
	var wg sync.WaitGroup
	for i, read := range reads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = read()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
