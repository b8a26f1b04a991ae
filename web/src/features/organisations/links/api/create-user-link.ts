import { api, unwrap } from '@/api/client';
import type { UserLinkInput, UserLinkKind } from '../rules';
import { ROUTES, useLinkWrite } from './user-link-routes';

/** Connects a user to a department or entity; the form shows the errors. */
export function useCreateUserLink<P extends string, F extends string, R>({
  parent,
}: UserLinkKind<P, F, R>) {
  return useLinkWrite(
    parent,
    (body: UserLinkInput<P, F>) => unwrap(api.POST(ROUTES[parent].list, { body })),
    true,
  );
}
