import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { Component as Availability } from './availability';

const felix = makeUser({ id: 5, isFreelancer: true, needs: ['freelancer'] });

function open() {
  renderRoutes([{ path: '/', element: <Availability /> }], { user: felix });
}

describe('Mark Availability', () => {
  it('marks picked dates unavailable and lists them', async () => {
    const day = dayjs().date(15).format('YYYY-MM-DD');
    let sent: unknown;
    let dates: string[] = [];
    mockApi({
      'GET /api/v1/unavailability/5': () =>
        jsonResponse({ userId: 5, user: { id: 5, fullName: 'Felix Reid' }, dates }),
      'POST /api/v1/unavailability': async (request) => {
        sent = await request.json();
        dates = [day];
        return jsonResponse({ userId: 5, user: { id: 5, fullName: 'Felix Reid' }, dates });
      },
    });
    open();
    expect(
      await screen.findByText('You have not marked any dates as unavailable.'),
    ).toBeInTheDocument();
    const unavailable = screen.getByRole('button', { name: 'Unavailable' });
    expect(unavailable).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: dayjs(day).format('D MMMM YYYY') }));
    await user.click(unavailable);
    await waitFor(() => expect(sent).toEqual({ dates: [day] }));
    expect(await screen.findByText('Marked 1 date as unavailable.')).toBeInTheDocument();
    expect(await screen.findByText(dayjs(day).format('ddd, DD MMM YYYY'))).toBeInTheDocument();
  });
});
