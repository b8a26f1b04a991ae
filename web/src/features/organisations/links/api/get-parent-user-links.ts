import { api, unwrap } from '@/api/client';
import { asGridPage } from '@/features/organisations/shared/rules';
import type { GridQuery } from '@/ui/data-grid';
import type { UserLinkKind } from '../rules';
import { ROUTES, type Page, type Sort } from './user-link-routes';

/** The users connected to one department or entity (its page). */
export function parentUserLinksQuery<P extends string, F extends string, R>(
  kind: UserLinkKind<P, F, R>,
  parentId: number,
  q: GridQuery,
) {
  const routes = ROUTES[kind.parent];
  const { page, pageSize, sort } = q;
  return {
    queryKey: [routes.key, `by-${kind.parent}`, parentId, q] as const,
    queryFn: async () => {
      const data = await unwrap(
        api.GET(routes.ofParent, {
          params: { path: { id: parentId }, query: { page, pageSize, sort: sort as Sort } },
        }),
      );
      return asGridPage(data as Page<R>);
    },
  };
}
