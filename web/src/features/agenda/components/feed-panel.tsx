import { Anchor, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { calendarFeedToasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { useGetCalendarFeed, type CalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';
import { webcalUrl } from '../rules';
import { notifyRefusal } from '@/lib/errors/refusal';
import { formatMediumDate } from '@/lib/format';
import { CopyIconButton } from './copy-icon-button';

const TOUCH = 44;

/** What the panel knows: nothing asked yet, a feed (with its address only when just made), or off. */
type FeedState = { kind: 'unknown' } | { kind: 'on'; feed: CalendarFeed } | { kind: 'off' };

type Confirm = 'rotate' | 'revoke' | null;

const confirmTexts = {
  rotate: {
    title: 'Reset your calendar link?',
    body: 'The old link stops working at once: calendars subscribed to it stop updating until you subscribe to the new one.',
    action: 'Reset link',
  },
  revoke: {
    title: 'Turn off your calendar feed?',
    body: 'The link stops working at once and calendars subscribed to it stop updating. You can get a new link later.',
    action: 'Turn off',
  },
} as const;

/**
 * 'Subscribe to your calendar' (freelancers): the private .ics address of their placements, to
 * copy or open as webcal://, with Reset link and Turn off. The address is asked for only on
 * demand, because asking creates the feed and the server shows an address only once.
 */
export function FeedPanel() {
  const headingId = useId();
  const [state, setState] = useState<FeedState>({ kind: 'unknown' });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const get = useGetCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();

  const show = () =>
    get.mutate(undefined, {
      onSuccess: (feed) => setState({ kind: 'on', feed }),
      onError: notifyRefusal,
    });
  const act = () => {
    if (confirm === 'rotate') {
      rotate.mutate(undefined, {
        onSuccess: (feed) => {
          setState({ kind: 'on', feed });
          setConfirm(null);
          notify(calendarFeedToasts.linkReset);
        },
        onError: notifyRefusal,
      });
    } else if (confirm === 'revoke') {
      revoke.mutate(undefined, {
        onSuccess: () => {
          setState({ kind: 'off' });
          setConfirm(null);
          notify(calendarFeedToasts.turnedOff);
        },
        onError: notifyRefusal,
      });
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Subscribe to your calendar
        </Title>
        <Text size="sm">
          Google Calendar, Outlook and Apple Calendar can subscribe to your private calendar link
          and keep your Hive placements up to date.
        </Text>
        {state.kind === 'on' ? (
          <FeedDetails feed={state.feed} onConfirm={setConfirm} />
        ) : (
          <>
            {state.kind === 'off' && (
              <Text size="sm" c="dimmed">
                Your calendar feed is turned off.
              </Text>
            )}
            <Button
              leftSection={<IconCalendarPlus size={18} />}
              mih={TOUCH}
              loading={get.isPending}
              onClick={show}
            >
              Get calendar link
            </Button>
          </>
        )}
      </Stack>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? confirmTexts[confirm].title : ''}
        centered
      >
        {confirm && (
          <Stack>
            <Text size="sm">{confirmTexts[confirm].body}</Text>
            <Group justify="flex-end">
              <Button variant="default" mih={TOUCH} onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                mih={TOUCH}
                loading={rotate.isPending || revoke.isPending}
                onClick={act}
              >
                {confirmTexts[confirm].action}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

function FeedDetails({
  feed,
  onConfirm,
}: {
  feed: CalendarFeed;
  onConfirm: (c: Exclude<Confirm, null>) => void;
}) {
  const since = formatMediumDate(feed.createdAt);
  return (
    <Stack gap="sm">
      {feed.url ? (
        <>
          <TextInput
            label="Calendar link"
            description="Keep it private: anyone with this link can see your placements."
            value={feed.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            rightSectionWidth={TOUCH}
            rightSection={<CopyIconButton value={feed.url} label="Copy calendar link" size={36} />}
          />
          <Anchor href={webcalUrl(feed.url)} size="sm">
            Open in your calendar app
          </Anchor>
        </>
      ) : (
        <Text size="sm">
          Your calendar link is active (made on {since}). It is shown only once, when it is made:
          reset it to get a new link.
        </Text>
      )}
      <Group gap="xs" grow>
        <Button variant="light" mih={TOUCH} onClick={() => onConfirm('rotate')}>
          Reset link
        </Button>
        <Button variant="light" color="red" mih={TOUCH} onClick={() => onConfirm('revoke')}>
          Turn off
        </Button>
      </Group>
    </Stack>
  );
}
