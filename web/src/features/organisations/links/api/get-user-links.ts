import { api, unwrap } from '@/api/client';
import { asGridPage } from '@/features/organisations/shared/rules';
import type { UserLinkKind } from '../rules';
import { ROUTES, type Page, type Sort, type UserLinksQuery } from './user-link-routes';

const flag = (v: string | undefined) => (v === 'true' || v === 'false' ? v : undefined);
const some = (ids: number[] | undefined) => (ids?.length ? ids : undefined);

/** 'All User-… connections' (grid query); a kind's query keys start with its key. */
export function userLinksQuery<P extends string, F extends string, R>(
  kind: UserLinkKind<P, F, R>,
  q: UserLinksQuery,
) {
  const routes = ROUTES[kind.parent];
  const { page, pageSize, sort, filters } = q;
  return {
    queryKey: [routes.key, 'list', q] as const,
    queryFn: async () => {
      const data = await unwrap(
        api.GET(routes.list, {
          params: {
            query: {
              page,
              pageSize,
              sort: sort as Sort,
              [routes.parentIds]: some(q.parentIds),
              userIds: some(q.userIds),
              ...Object.fromEntries(kind.flags.map((f) => [f.key, flag(filters[f.key])])),
            },
          },
        }),
      );
      return asGridPage(data as Page<R>);
    },
  };
}
