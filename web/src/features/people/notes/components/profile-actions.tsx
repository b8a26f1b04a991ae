import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { hasNeed, isAdmin, isDepartmentManager, needs } from '@/lib/permissions';
import { useSetBookmark } from '../api/set-bookmark';
import { useSetFollow } from '../api/set-follow';

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
  // What the last successful click set, until the profile sends a new value.
  const [bookmark$, setBookmark$] = useState({ prop: isBookmarked, value: isBookmarked });
  const [follow$, setFollow$] = useState({ prop: isFollowed, value: isFollowed });
  const bookmarked = bookmark$.prop === isBookmarked ? bookmark$.value : isBookmarked;
  const followed = follow$.prop === isFollowed ? follow$.value : isFollowed;
  const setBookmarked = (value: boolean) => setBookmark$({ prop: isBookmarked, value });
  const setFollowed = (value: boolean) => setFollow$({ prop: isFollowed, value });
  const bookmark = useSetBookmark();
  const follow = useSetFollow();

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
        <Button
          variant="light"
          loading={bookmark.isPending}
          aria-pressed={bookmarked}
          onClick={() =>
            bookmark.mutate(
              { userId, bookmarked: !bookmarked },
              { onSuccess: () => setBookmarked(!bookmarked), onError: notifyError },
            )
          }
        >
          {bookmarked ? 'Unbookmark' : 'Bookmark'}
        </Button>
      )}
      {canFollow && (
        <Button
          variant="light"
          loading={follow.isPending}
          aria-pressed={followed}
          onClick={() =>
            follow.mutate(
              { userId, followed: !followed },
              { onSuccess: () => setFollowed(!followed), onError: notifyError },
            )
          }
        >
          {followed ? 'Unfollow' : 'Follow'}
        </Button>
      )}
    </Group>
  );
}
