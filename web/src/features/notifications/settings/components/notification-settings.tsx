import { Alert, Button, Fieldset, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalMessage, notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import {
  preferencesQueryOptions,
  type Preference,
  type PreferenceGroup,
} from '../api/get-preferences';
import { useUpdatePreference } from '../api/update-preference';
import { notificationSettingsToasts } from '../rules';

/** The groups' headings, in the order the server lists the types. */
const groupTitles: Record<PreferenceGroup, string> = {
  booking: 'Booking notifications',
  substitute: 'Substitute notifications',
  client: 'Client notifications',
  supplier: 'Supplier notifications',
};

function byGroup(items: Preference[]): [PreferenceGroup, Preference[]][] {
  const groups = new Map<PreferenceGroup, Preference[]>();
  for (const p of items) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  return [...groups];
}

/**
 * The Settings tab of /notifications: one switch per notification type the caller may set,
 * grouped as the server groups them (it shows each role only its groups). A switch saves at
 * once; the mails of a type switched off stop, while its notifications still appear in the list.
 */
export function NotificationSettings() {
  const query = useQuery(preferencesQueryOptions());
  const update = useUpdatePreference();
  const [saving, setSaving] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading notification settings">
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="Could not load your notification settings" role="alert">
        <Stack gap="xs" align="flex-start">
          {refusalMessage(query.error) && <Text size="sm">{refusalMessage(query.error)}</Text>}
          <Button variant="light" color="red" mih={44} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  const items = query.data.items ?? [];
  if (items.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        No notification settings apply to your account.
      </Text>
    );
  }

  const change = (identifier: string, enabled: boolean) => {
    setSaving(identifier);
    update.mutate(
      { identifier, enabled },
      {
        onSuccess: () => notify(notificationSettingsToasts.updated),
        onError: notifyRefusal,
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Text size="sm">
        Choose which notifications you also receive by e-mail. Notifications you turn off still
        appear in your list here.
      </Text>
      {byGroup(items).map(([group, prefs]) => (
        <Fieldset key={group} legend={groupTitles[group]} variant="unstyled">
          <Stack gap="md" mt="xs">
            {prefs.map((p) => (
              <Switch
                key={p.identifier}
                size="md"
                label={p.label}
                description={p.description}
                // Mantine puts the description inside the label element: name the switch by its
                // label alone (the description stays its accessible description).
                aria-label={p.label}
                checked={p.enabled}
                disabled={saving === p.identifier}
                onChange={(e) => change(p.identifier, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}
