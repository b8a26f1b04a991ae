import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { hasNeed, isAdmin, isDepartmentManager, needs } from '@/lib/permissions';
import { useSetMark, type Mark } from '../api/set-mark';

/**
 * Book, Bookmark and Follow on a freelancer's profile. Book opens booking creation with this
 * freelancer to invite (the route search's Book takes), for those who may create bookings
 * (department managers and admins); bookmarks: client, agency and department managers and
 * admins; follows: client and agency managers and admins (the server's rules).
 * Failures show the generic error toast.
 */
export function ProfileActions({
  userId,
  isBookmarked,
  isFollowed,
}: {
  userId: number;
  isBookmarked: boolean;
  isFollowed: boolean;
}) {
  const me = useCurrentUser();
  const canFollow =
    isAdmin(me) || hasNeed(me, needs.clientManager) || hasNeed(me, needs.agencyManager);
  const canBookmark = canFollow || hasNeed(me, needs.departmentManager);

  return (
    <Group gap="xs">
      {isDepartmentManager(me) && (
        <Button component={Link} to={paths.createBookingWith({ freelancers: [userId] })}>
          Book
        </Button>
      )}
      {canBookmark && (
        <MarkButton mark="bookmark" userId={userId} on={isBookmarked} labels={BOOKMARK} />
      )}
      {canFollow && <MarkButton mark="follow" userId={userId} on={isFollowed} labels={FOLLOW} />}
    </Group>
  );
}

const BOOKMARK = { set: 'Bookmark', unset: 'Unbookmark' };
const FOLLOW = { set: 'Follow', unset: 'Unfollow' };

/** A toggle for one mark, pressed while it is set. */
function MarkButton({
  mark,
  userId,
  on,
  labels,
}: {
  mark: Mark;
  userId: number;
  /** Whether the profile says the mark is set. */
  on: boolean;
  labels: { set: string; unset: string };
}) {
  // What the last successful click set, until the profile sends a new value.
  const [clicked, setClicked] = useState({ prop: on, value: on });
  const set = clicked.prop === on ? clicked.value : on;
  const write = useSetMark(mark);
  return (
    <Button
      variant="light"
      loading={write.isPending}
      aria-pressed={set}
      onClick={() =>
        write.mutate(
          { userId, on: !set },
          { onSuccess: () => setClicked({ prop: on, value: !set }), onError: notifyError },
        )
      }
    >
      {set ? labels.unset : labels.set}
    </Button>
  );
}
