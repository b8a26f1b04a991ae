import { List, Modal, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { Placement } from '../rules';
import { formatDate, formatDateTimeSeconds } from '@/lib/format';

/** A placement's versions: the times it was modified, newest first (spec part 2 §3). */
export function PlacementVersionsModal({
  placement,
  onClose,
}: {
  placement: Placement;
  onClose: () => void;
}) {
  const versions = [...(placement.version ?? [])].sort(
    (a, b) => dayjs(b).valueOf() - dayjs(a).valueOf(),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Versions of ${placement.title}, ${formatDate(placement.date)}`}
    >
      {versions.length === 0 ? (
        <Text size="sm">This placement has no recorded versions.</Text>
      ) : (
        <List size="sm" spacing={4} aria-label="Modified, newest first">
          {versions.map((v, i) => (
            <List.Item key={`${v}-${i}`}>
              <time dateTime={v}>{formatDateTimeSeconds(v)}</time>
              {i === 0 ? ' (latest)' : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
