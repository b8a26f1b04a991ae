import { useQueryClient } from '@tanstack/react-query';
import { tagKeys } from '../api/get-tags';

/** Refreshes every tag list and every entity's tags: each tag mutation calls it on success. */
export function useInvalidateTags() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tagKeys.all });
}
