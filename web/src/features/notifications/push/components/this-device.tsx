import { Alert, Button, Fieldset, Loader, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyRefusal, refusalMessage } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { getVapidKey } from '../api/get-vapid-key';
import { pushDeviceKey, pushDeviceQueryOptions, subscribePush } from '../api/subscribe-push';
import { unsubscribePush } from '../api/unsubscribe-push';
import { useUpdatePushType } from '../api/update-push-subscription';
import {
  applicationServerKey,
  notificationSettingsToasts,
  pushSupport,
  pushWords,
  subscriptionBody,
  type PushSubscriptionBody,
  type PushSupport,
} from '../rules';

function currentSupport(): PushSupport {
  return pushSupport({
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    pushManager: typeof window !== 'undefined' && 'PushManager' in window,
    permission: typeof Notification === 'undefined' ? undefined : Notification.permission,
  });
}

/** The browser's current subscription, or null. */
async function browserSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.ready;
  return reg.pushManager.getSubscription();
}

/**
 * The 'This device' section of the notification settings: turn pushes on or off for this
 * browser, and one switch per pushed type for it. Another device of the same person has its own
 * switches.
 */
export function ThisDevice() {
  const [support, setSupport] = useState<PushSupport>(currentSupport);
  const [subscription, setSubscription] = useState<PushSubscriptionBody | null | undefined>(
    support === 'available' ? undefined : null,
  );
  const queryClient = useQueryClient();

  useEffect(() => {
    if (support !== 'available') return;
    let live = true;
    browserSubscription().then(
      (s) => live && setSubscription(s ? subscriptionBody(s.toJSON()) : null),
      () => live && setSubscription(null),
    );
    return () => {
      live = false;
    };
  }, [support]);

  const turnOn = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setSupport(currentSupport());
        return null;
      }
      const reg = await navigator.serviceWorker.ready;
      const key = applicationServerKey(await getVapidKey());
      const sub = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      const body = subscriptionBody(sub.toJSON());
      const device = await subscribePush(body);
      queryClient.setQueryData(pushDeviceKey(body.endpoint), device);
      return body;
    },
    meta: { silentErrors: true },
    onSuccess: (body) => body && setSubscription(body),
    onError: notifyRefusal,
  });

  const turnOff = useMutation({
    mutationFn: async (body: PushSubscriptionBody) => {
      await unsubscribePush(body.endpoint);
      await (await browserSubscription())?.unsubscribe();
    },
    meta: { silentErrors: true },
    onSuccess: () => setSubscription(null),
    onError: notifyRefusal,
  });

  return (
    <Fieldset legend={pushWords.title} variant="unstyled">
      <Stack gap="sm" mt="xs">
        <Text size="sm">{pushWords.intro}</Text>
        {support === 'unsupported' ? (
          <Text size="sm" c="dimmed">
            {pushWords.unsupported}
          </Text>
        ) : support === 'blocked' ? (
          <Alert color="yellow">{pushWords.blocked}</Alert>
        ) : subscription === undefined ? (
          <Loader size="sm" aria-label="Checking this device" />
        ) : subscription === null ? (
          <Button
            mih={44}
            loading={turnOn.isPending}
            onClick={() => turnOn.mutate()}
            style={{ alignSelf: 'flex-start' }}
          >
            {pushWords.turnOn}
          </Button>
        ) : (
          <DeviceSwitches
            subscription={subscription}
            onTurnOff={() => turnOff.mutate(subscription)}
            turningOff={turnOff.isPending}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** The switches of a subscribed device, and the button that unsubscribes it. */
function DeviceSwitches({
  subscription,
  onTurnOff,
  turningOff,
}: {
  subscription: PushSubscriptionBody;
  onTurnOff: () => void;
  turningOff: boolean;
}) {
  const device = useQuery(pushDeviceQueryOptions(subscription));
  const update = useUpdatePushType(subscription.endpoint);
  const [saving, setSaving] = useState<string | null>(null);
  if (device.isPending) return <Loader size="sm" aria-label="Loading this device's settings" />;
  if (device.isError) {
    return (
      <Alert color="red" title="Could not load this device's settings" role="alert">
        <Stack gap="xs" align="flex-start">
          {refusalMessage(device.error) && <Text size="sm">{refusalMessage(device.error)}</Text>}
          <Button variant="light" color="red" mih={44} onClick={() => void device.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
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
    <Stack gap="md">
      {(device.data.types ?? []).map((t) => (
        <Switch
          key={t.identifier}
          size="md"
          label={`${t.label} on this device`}
          description={t.description}
          aria-label={`${t.label} on this device`}
          checked={t.enabled}
          disabled={saving === t.identifier}
          onChange={(e) => change(t.identifier, e.currentTarget.checked)}
        />
      ))}
      <Button
        variant="light"
        color="gray"
        mih={44}
        loading={turningOff}
        onClick={onTurnOff}
        style={{ alignSelf: 'flex-start' }}
      >
        {pushWords.turnOff}
      </Button>
    </Stack>
  );
}
