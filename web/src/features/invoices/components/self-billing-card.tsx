import { Alert, Button, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { invoiceToasts } from '@/lib/errors/catalogue';
import { formatDateTime } from '@/lib/format';
import { notify, notifyError } from '@/lib/notify';
import { selfBillingQueryOptions } from '../api/get-self-billing';
import { useSetSelfBilling } from '../api/set-self-billing';
import { messages } from '../rules';

/**
 * The self-billing agreement on a legal entity's page: whether its clients may issue its
 * invoices, since when and who agreed; its managers switch it (others only read it).
 */
export function SelfBillingCard({ legalEntityId }: { legalEntityId: number }) {
  const q = useQuery(selfBillingQueryOptions(legalEntityId));
  const set = useSetSelfBilling(legalEntityId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="self-billing">
      <Stack gap="xs">
        <Text fw={600} id="self-billing">
          Self-billing
        </Text>
        <Text size="sm" c="dimmed">
          {messages.selfBillingHelp}
        </Text>
        {q.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Loading the agreement...</Text>
          </Group>
        ) : q.isError ? (
          <Alert color="red" title="Self-billing" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">The agreement could not be loaded.</Text>
              <Button size="xs" variant="light" onClick={() => void q.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text size="sm">
              {q.data.agreed
                ? `Agreed${q.data.agreedByName ? ` by ${q.data.agreedByName}` : ''}${
                    q.data.agreedAt ? ` on ${formatDateTime(q.data.agreedAt)}` : ''
                  }.`
                : messages.selfBillingOff}
            </Text>
            {q.data.canChange && (
              <Switch
                label="Agree to self-billing"
                checked={q.data.agreed}
                disabled={set.isPending}
                onChange={(e) => {
                  const agreed = e.currentTarget.checked;
                  set.mutate(
                    { agreed, version: q.data.version },
                    {
                      onSuccess: () => notify(invoiceToasts.selfBilling(agreed)),
                      onError: notifyError,
                    },
                  );
                }}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
