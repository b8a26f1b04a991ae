package database

import "context"

type beforeCommitKey struct{}

// BeforeCommit returns ctx carrying fn, which every write transaction begun with that context
// (InTx) runs last, inside the transaction, before it commits; an error from fn rolls the
// transaction back. The idempotency middleware uses it to mark its key's claim in the very
// transaction that makes the request's change, so after a crash the key tells whether the change
// happened. fns added to a context that already carries some run after them.
func BeforeCommit(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) context.Context {
	prior, _ := ctx.Value(beforeCommitKey{}).([]func(context.Context, *Tx) error)
	all := append(append([]func(context.Context, *Tx) error(nil), prior...), fn)
	return context.WithValue(ctx, beforeCommitKey{}, all)
}

// runBeforeCommit runs the functions ctx carries (BeforeCommit) in tx.
func (tx *Tx) runBeforeCommit(ctx context.Context) error {
	fns, _ := ctx.Value(beforeCommitKey{}).([]func(context.Context, *Tx) error)
	for _, fn := range fns {
		if err := fn(ctx, tx); err != nil {
			return err
		}
	}
	return nil
}
