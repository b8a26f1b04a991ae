import { Alert, Button, Code, CopyButton, Group, Image, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { useConfirmTotp } from '../api/confirm-totp';
import { useStartTotp } from '../api/start-totp';
import { SecondFactorCodeForm } from './second-factor-code-form';

interface Props {
  /** Called when the user begins (so a screen keeps showing the steps while whoami changes). */
  onStart?: () => void;
  /** Called once the user has seen their recovery codes and goes on. */
  onDone: () => void;
}

/** The failure's toast: the server's own reason for a refusal. */
function refusal(err: unknown) {
  return isApiError(err) && err.status > 0
    ? toasts.errorCode(err.errorCode, err.message)
    : toasts.serverError;
}

/**
 * Enrolling an authenticator app in three steps: a new secret as a QR code and as text (for
 * typing in), a first code to prove the app holds it, then the ten recovery codes, shown this
 * once, to copy or download before going on.
 */
export function TotpEnrolment({ onStart, onDone }: Props) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          You will need an authenticator app on your phone, such as Google Authenticator, Microsoft
          Authenticator or 1Password.
        </Text>
        {start.isError && (
          <Alert color="red" role="alert" title="Could not start">
            {isApiError(start.error) ? start.error.message : 'Cannot complete request'}
          </Alert>
        )}
        <Button
          loading={start.isPending}
          onClick={() => {
            onStart?.();
            start.mutate();
          }}
        >
          Set up an authenticator app
        </Button>
      </Stack>
    );
  }

  const key = start.data;
  return (
    <Stack gap="sm">
      <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
      <Image src={key.qrCode} alt="QR code of your two-step sign-in secret" w={200} h={200} />
      <Text size="sm">Or type this key into the app:</Text>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {key.secret}
        </Code>
        <CopyButton value={key.secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">2. Enter the code the app shows.</Text>
      <SecondFactorCodeForm
        loading={confirm.isPending}
        submitLabel="Turn on two-step sign-in"
        allowRecovery={false}
        onSubmit={async (code) => setCodes((await confirm.mutateAsync(code)).recoveryCodes)}
        onError={(toast, err) =>
          notify(isApiError(err) && err.status !== 422 ? refusal(err) : toast)
        }
      />
    </Stack>
  );
}

/** The recovery codes, shown once: copy, download, then go on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n') + '\n';
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'hive-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="blue" title="Two-step sign-in is on" role="status">
        Save these recovery codes now: they are shown only this once. Each signs you in once if you
        lose your phone.
      </Alert>
      <List aria-label="Recovery codes" listStyleType="none" spacing={2}>
        {codes.map((c) => (
          <List.Item key={c}>
            <Code>{c}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          Download codes
        </Button>
      </Group>
      <Button style={{ alignSelf: 'flex-start' }} onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </Stack>
  );
}
