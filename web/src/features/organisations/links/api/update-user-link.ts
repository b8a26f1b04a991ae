import { api, unwrap } from '@/api/client';
import type { UserLinkKind } from '../rules';
import { ROUTES, useLinkWrite, type UserLinkUpdate } from './user-link-routes';

/** Saves a link's rights at the version read; the dialog shows the errors. */
export function useUpdateUserLink<P extends string, F extends string, R>({
  parent,
}: UserLinkKind<P, F, R>) {
  return useLinkWrite(
    parent,
    ({ id, ...rights }: UserLinkUpdate<F>) =>
      unwrap(api.PATCH(ROUTES[parent].item, { params: { path: { id } }, body: { id, ...rights } })),
    true,
  );
}
