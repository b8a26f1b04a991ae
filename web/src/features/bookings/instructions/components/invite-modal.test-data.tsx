import { vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { InviteModal } from './invite-modal';

/**
 * The Invite dialog of placement template 3 of booking 5, for placement 11, on the booking's page
 * at path (the tests mock the suppliers and the booking it reads).
 */
export function renderInviteModal({
  path = '/bookings/5/edit',
  onDone = vi.fn(),
}: { path?: string; onDone?: () => void } = {}) {
  return renderRoutes(
    [
      {
        path: '/bookings/:id/edit',
        element: (
          <InviteModal
            bookingId={5}
            placementTemplateId={3}
            placementIds={[11]}
            opened
            onClose={vi.fn()}
            onDone={onDone}
          />
        ),
      },
    ],
    { path },
  );
}
