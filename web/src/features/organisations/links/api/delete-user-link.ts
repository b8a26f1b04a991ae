import { api, unwrap } from '@/api/client';
import type { UserLinkKind } from '../rules';
import { ROUTES, useLinkWrite } from './user-link-routes';

/** Disconnects a user; a failure shows the catalogue's toast. */
export function useDeleteUserLink<P extends string, F extends string, R>({
  parent,
}: UserLinkKind<P, F, R>) {
  return useLinkWrite(
    parent,
    (id: number) => unwrap(api.DELETE(ROUTES[parent].item, { params: { path: { id } } })),
    false,
  );
}
