import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import type { components } from '@/api/schema';
import { toasts } from '@/lib/errors/catalogue';
import { isImpersonating, useCurrentUser } from '@/lib/current-user';
import { formatMediumDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { appInfoQueryOptions } from '@/lib/session';
import { RetryAlert } from '@/ui/retry-alert';
import { SectionCard } from '@/ui/section-card';
import { useDeletePasskey } from '../api/delete-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { useRegisterPasskey } from '../api/register-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import {
  isPromptCancelled,
  PASSKEY_CANCELLED,
  passkeysSupported,
  suggestedPasskeyName,
} from '../rules';
import { PasskeyNameDialog } from './passkey-name-dialog';

type Passkey = components['schemas']['Passkey'];

/** What a failed passkey step says: the server's reason, or the prompt closed. */
function refusalOf(err: unknown): string {
  if (isPromptCancelled(err)) return PASSKEY_CANCELLED;
  if (isApiError(err) && err.message) return err.message;
  return 'The passkey could not be saved. Please try again.';
}

/**
 * Settings' Passkeys section: the signed-in user's passkeys with when each was added and last
 * used; Add passkey names one and asks the browser to create it; each can be renamed or
 * removed (after a confirmation). Where passkeys cannot work (this browser, or a Hive reached
 * by an IP address) it says so and offers nothing.
 */
export function PasskeysSection() {
  const info = useQuery(appInfoQueryOptions());
  const available = info.data?.passkeys === true && passkeysSupported();
  // Only the account holder adds, renames or removes passkeys: the server refuses an
  // impersonating administrator, so the buttons are not shown.
  const me = useCurrentUser();
  const canManage = available && !isImpersonating(me);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const register = useRegisterPasskey();
  const rename = useRenamePasskey();

  const close = () => {
    setAdding(false);
    setRenaming(null);
    setRefusal(null);
  };

  return (
    <SectionCard
      headingId="passkeys-heading"
      title="Passkeys"
      button={canManage && { label: 'Add passkey', onClick: () => setAdding(true) }}
    >
      <Text size="sm">
        A passkey signs you in with your device&apos;s fingerprint, face or screen lock instead of
        your password. It can also be your second step after the password.
      </Text>
      {info.data && !available ? (
        <Text size="sm" c="dimmed">
          Passkeys cannot be used here: this browser does not support them, or Hive is not reached
          by its domain name.
        </Text>
      ) : (
        <PasskeyList onRename={setRenaming} canManage={canManage} />
      )}
      <PasskeyNameDialog
        opened={adding}
        title="Add passkey"
        intro="Name the passkey, then follow your browser's prompt to create it."
        submitLabel="Continue"
        initialName={suggestedPasskeyName(navigator.userAgent)}
        busy={register.isPending}
        refusal={refusal}
        onClose={close}
        onSubmit={(name) => {
          setRefusal(null);
          register.mutate(name, {
            onSuccess: (key) => {
              notify(toasts.passkeyAdded(key.name));
              close();
            },
            onError: (err) => setRefusal(refusalOf(err)),
          });
        }}
      />
      <PasskeyNameDialog
        opened={renaming !== null}
        title="Rename passkey"
        submitLabel="Save"
        initialName={renaming?.name ?? ''}
        busy={rename.isPending}
        refusal={refusal}
        onClose={close}
        onSubmit={(name) => {
          if (!renaming) return;
          setRefusal(null);
          rename.mutate(
            { id: renaming.id, name },
            {
              onSuccess: (key) => {
                notify(toasts.passkeyRenamed(key.name));
                close();
              },
              onError: (err) => setRefusal(refusalOf(err)),
            },
          );
        }}
      />
    </SectionCard>
  );
}

/** The list of passkeys, with its loading, failure and empty states. */
function PasskeyList({
  onRename,
  canManage,
}: {
  onRename: (key: Passkey) => void;
  canManage: boolean;
}) {
  const keys = usePasskeys();
  const remove = useDeletePasskey();

  if (keys.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Loading passkeys...</Text>
      </Group>
    );
  }
  if (keys.isError) {
    return (
      <RetryAlert title="Passkeys could not be loaded" onRetry={() => void keys.refetch()}>
        {keys.error.message && <Text size="sm">{keys.error.message}</Text>}
      </RetryAlert>
    );
  }
  const list = keys.data ?? [];
  if (list.length === 0) {
    return <Text size="sm">You have no passkeys yet.</Text>;
  }
  const confirmRemove = (key: Passkey) =>
    modals.openConfirmModal({
      title: 'Remove passkey',
      children: (
        <Text size="sm">
          Remove the passkey “{key.name}”? It will no longer sign you in. Remove it from the device
          too, in its passkey settings.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(key.id, {
          onSuccess: () => notify(toasts.passkeyRemoved(key.name)),
          onError: (err) => notify(toasts.passkeyFailed(refusalOf(err))),
        }),
    });

  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {list.map((key) => (
        <Group
          key={key.id}
          component="li"
          justify="space-between"
          wrap="wrap"
          gap="xs"
          aria-label={key.name}
        >
          <Stack gap={0}>
            <Text fw={600}>{key.name}</Text>
            <Text size="xs" c="dimmed">
              Added {formatMediumDateTime(key.createdAt)} ·{' '}
              {key.lastUsedAt
                ? `Last used ${formatMediumDateTime(key.lastUsedAt)}`
                : 'Not used yet'}
            </Text>
          </Stack>
          {canManage && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                aria-label={`Rename ${key.name}`}
                onClick={() => onRename(key)}
              >
                Rename
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c="red.9"
                aria-label={`Remove ${key.name}`}
                loading={remove.isPending && remove.variables === key.id}
                onClick={() => confirmRemove(key)}
              >
                Remove
              </Button>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}
