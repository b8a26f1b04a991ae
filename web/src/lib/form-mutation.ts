import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

interface Options<R> {
  /** Where the answer is kept (the record's detail key), so its page shows it at once. */
  store?: (result: R) => QueryKey;
  /** The lists (and whatever else) the write changes. */
  refresh: QueryKey[];
}

/**
 * The mutation behind a form that creates or saves a record: the form shows the errors itself
 * (silentErrors), and a success stores the answer and refreshes what it changes.
 */
export function useFormMutation<I, R>(
  mutationFn: (input: I) => Promise<R>,
  { store, refresh }: Options<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silentErrors: true },
    onSuccess: (result) => {
      if (store) queryClient.setQueryData(store(result), result);
      return Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
