import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobTemplateKeys } from '@/lib/query-keys';

/**
 * A change of job templates, their placement templates or rate cards: the form shows errors
 * itself; every job template query refreshes afterwards. Each mutation in api/ wraps its call in
 * it.
 */
export function useJobTemplateMutation<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobTemplateKeys.all }),
  });
}
