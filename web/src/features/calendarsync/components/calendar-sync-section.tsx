import { Alert, Loader, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { loadFailureText } from '@/lib/errors/refusal';
import { RetryAlert } from '@/ui/retry-alert';
import { SectionCard } from '@/ui/section-card';
import { useCalendarConnections } from '../api/get-calendar-connections';
import { ConnectForm } from './connect-form';
import { ConnectionStatus } from './connection-status';
import { GoogleConnectButton, GoogleConnectForm } from './google-connect';

/**
 * 'Your calendar' (freelancers' settings): connect a CalDAV calendar, or the connected one's
 * sync state. Busy times flow in as 'Busy (own calendar)', accepted work flows out.
 */
export function CalendarSyncSection() {
  const connections = useCalendarConnections();
  const connection = connections.data?.items?.[0];
  // The return from Google's consent screen: ready (access granted) or failed.
  const [params] = useSearchParams();
  const google = params.get('google-calendar');
  const googleAvailable = connections.data?.googleAvailable ?? false;
  return (
    <SectionCard headingId="calendar-sync-heading" title="Your calendar">
      <Text size="sm">
        Connect the calendar you keep (iCloud, Fastmail, Nextcloud, Google or any CalDAV server).
        Bookers see its busy times only as busy, never what they are; work you accept in Hive is
        added to it.
      </Text>
      {connections.isPending ? (
        <Loader size="sm" aria-label="Loading your calendar connection" />
      ) : connections.isError ? (
        <RetryAlert
          title="Could not load your calendar connection"
          onRetry={() => void connections.refetch()}
        >
          <Text size="sm">{loadFailureText(connections.error)}</Text>
        </RetryAlert>
      ) : connection ? (
        <ConnectionStatus connection={connection} />
      ) : googleAvailable && google === 'ready' ? (
        <GoogleConnectForm />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            No calendar connected.
          </Text>
          {googleAvailable && google === 'failed' && (
            <Alert color="red" title="Google Calendar was not connected">
              Google did not grant Hive access to your calendar. Try again, and allow access on
              Google&apos;s screen.
            </Alert>
          )}
          {googleAvailable && <GoogleConnectButton again={google === 'failed'} />}
          <ConnectForm />
        </>
      )}
    </SectionCard>
  );
}
