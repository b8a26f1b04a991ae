import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { notificationKeys } from '@/lib/query-keys';

export type Preference = components['schemas']['Preference'];
export type PreferenceGroup = Preference['group'];

/** The caller's notification settings, under the notifications key so one refresh covers all. */
export const preferencesKey = [...notificationKeys.all, 'preferences'] as const;

/** The types the caller may set (the server decides which: spec part 2 §2), with their choices. */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: () => unwrap(api.GET('/notification/preferences')),
    meta: { silentErrors: true }, // the tab shows the server's message itself
  });
