import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isDepartmentManager } from '@/lib/permissions';
import { PlaceholderPage } from '@/ui/placeholder-page';

/** /bookings: the scheduler arrives with the scheduler issue; managers can create bookings now. */
export function BookingsRoute() {
  const user = useCurrentUser();
  return (
    <PlaceholderPage title="Bookings" area="the bookings scheduler">
      {isDepartmentManager(user) && (
        <Group>
          <Button component={Link} to={paths.createBooking}>
            Create Booking
          </Button>
        </Group>
      )}
    </PlaceholderPage>
  );
}

export { BookingsRoute as Component };
