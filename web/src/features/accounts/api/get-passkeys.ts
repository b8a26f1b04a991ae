import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { accountKeys } from '@/lib/query-keys';

/** The signed-in user's own passkeys. */
export const passkeyKeys = { all: [...accountKeys.all, 'passkeys'] as const };

export const listPasskeys = () => unwrap(api.GET('/account/passkeys'));

export const usePasskeys = () => useQuery({ queryKey: passkeyKeys.all, queryFn: listPasskeys });
