import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { bookingFixture } from '../fixtures.test-data';
import { InvitationsSection } from './invitations-section';

function open(path: string) {
  renderRoutes(
    [{ path: '/bookings/:id/edit', element: <InvitationsSection booking={bookingFixture()} /> }],
    {
      path,
    },
  );
}

describe("the Invitations section with Book's freelancers", () => {
  it('says how many carried freelancers are still to invite (the instructed one is not)', () => {
    // The fixture's booking already instructs user 5.
    open('/bookings/1/edit?invite=5,8,9');
    expect(screen.getByTestId('invite-prefill')).toHaveTextContent(
      '2 freelancers from your search will be ticked when you invite',
    );
  });

  it('says nothing without them', () => {
    open('/bookings/1/edit');
    expect(screen.queryByTestId('invite-prefill')).not.toBeInTheDocument();
  });
});
