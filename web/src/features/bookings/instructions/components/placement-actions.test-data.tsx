import { vi } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { makeUser, renderRoutes } from '@/test/render';
import type { PlacementRow } from '@/features/bookings/booking/rules';
import { PlacementActions } from './placement-actions';

/** The viewers of the placement toolbar's tests. */
export const manager = makeUser({ needs: ['client_manager'] });
export const freelancer = makeUser({
  isFreelancer: true,
  needs: ['freelancer'],
  roleLabel: 'Freelancer',
});

/**
 * The toolbar of booking 1 as user sees it, with rows selected out of all the booking's rows
 * (default: the same), and the substitute page it may go on to. Returns its onDone.
 */
export function renderPlacementActions(
  user: CurrentUser,
  rows: PlacementRow[],
  canManage = true,
  allRows: PlacementRow[] = rows,
) {
  const onDone = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PlacementActions
            bookingId={1}
            allRows={allRows}
            rows={rows}
            canManage={canManage}
            onDone={onDone}
          />
        ),
      },
      { path: '/bookings/:id/substitute', element: <p>Substitute page</p> },
    ],
    { user },
  );
  return onDone;
}
