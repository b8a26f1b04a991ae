import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** The three calls that write one kind of user link. */
export interface LinkWrites<Create, Update> {
  create: (body: Create) => Promise<unknown>;
  update: (input: Update) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/**
 * The mutation hooks of one kind of user link. Links change what users may see, so every write
 * refreshes `refresh` (the kind's lists and what else it shows) and the signed-in user's needs.
 * Create and update leave their errors to the form or dialog (409 duplicate as a toast);
 * a failed disconnect gets the catalogue's toast.
 */
export function linkMutations<Create, Update>(
  writes: LinkWrites<Create, Update>,
  refresh: QueryKey[],
) {
  function useRefresh() {
    const queryClient = useQueryClient();
    return () =>
      Promise.all(
        [...refresh, ['account', 'whoami']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
  }
  return {
    useCreate() {
      const onSuccess = useRefresh();
      return useMutation({ mutationFn: writes.create, meta: { silentErrors: true }, onSuccess });
    },
    useUpdate() {
      const onSuccess = useRefresh();
      return useMutation({ mutationFn: writes.update, meta: { silentErrors: true }, onSuccess });
    },
    useDelete() {
      const onSuccess = useRefresh();
      return useMutation({ mutationFn: writes.remove, onSuccess });
    },
  };
}
