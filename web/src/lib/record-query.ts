import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useRecordIdParam } from './paths';

/**
 * The record the current route's `:id` names: the id and its query, run only when the id can be a
 * record's (`valid`; else the page shows 'not found' without asking the server).
 */
export function useRecordQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: (id: number) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  const { id, valid } = useRecordIdParam();
  const query = useQuery({ ...options(id), enabled: valid });
  return { id, query, valid };
}
