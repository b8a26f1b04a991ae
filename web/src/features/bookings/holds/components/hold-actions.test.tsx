import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { agendaKeys, bookingKeys } from '@/lib/query-keys';
import { jsonResponse, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { HoldActions } from './hold-actions';
import { HoldChip } from './hold-chip';
import { hold } from '../fixtures.test-data';

const show = (element: React.ReactElement) => renderRoutes([{ path: '/', element }]);

describe('hold chip', () => {
  it('names the rank and, below the first, that a higher hold exists without whose', () => {
    show(<HoldChip instruction={hold({ holdRank: 2, higherHoldExists: true })} timeZone="UTC" />);
    expect(
      screen.getByRole('status', { name: '2nd hold: a higher hold exists' }),
    ).toHaveTextContent('2nd hold');
    expect(screen.getByText('A higher hold exists')).toBeInTheDocument();
  });

  it("shows a challenge's deadline, and nothing for an offer", () => {
    show(
      <>
        <HoldChip
          instruction={hold({ challengedUntil: '2027-03-01T09:30:00.000Z' })}
          timeZone="UTC"
        />
        <HoldChip instruction={hold({ kind: 'offer', holdRank: 0 })} />
      </>,
    );
    expect(
      screen.getByText('Challenged: confirm or release by Mon, 01 Mar 2027 09:30'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});

describe('hold actions', () => {
  it('offers only what the server allows', () => {
    show(<HoldActions instruction={hold({ canReleaseHold: true, canChallengeHold: true })} />);
    expect(screen.queryByRole('button', { name: 'Confirm hold' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Challenge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Release hold' })).toBeInTheDocument();
  });

  it('shows nothing to a viewer who may do nothing', () => {
    show(<HoldActions instruction={hold()} />);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('confirms a first hold and says how many days', async () => {
    let called = false;
    mockApi({
      'POST /api/v1/instruction/50/hold/confirm': () => {
        called = true;
        return jsonResponse({ days: 3 });
      },
    });
    const onDone = vi.fn();
    show(<HoldActions instruction={hold({ canConfirmHold: true })} onDone={onDone} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm hold' }));
    expect(
      await screen.findByText('Confirmed 3 days: the freelancer is booked.'),
    ).toBeInTheDocument();
    expect(called).toBe(true);
    expect(onDone).toHaveBeenCalled();
  });

  it('says so even when the refresh takes the button away', async () => {
    // The agenda moves a confirmed hold out of the Outstanding tab, unmounting its buttons,
    // while the bookings' refresh is still on its way.
    let confirmed = false;
    let bookingsRefreshed = () => {};
    mockApi({
      'GET /api/v1/holdable': () => jsonResponse({ holdable: !confirmed }),
      'GET /api/v1/bookings-page': () =>
        confirmed
          ? new Promise<Response>((resolve) => {
              bookingsRefreshed = () => resolve(jsonResponse({}));
            })
          : jsonResponse({}),
      'POST /api/v1/instruction/50/hold/confirm': () => {
        confirmed = true;
        return jsonResponse({ days: 2 });
      },
    });
    const read = (path: string) => () => fetch(path).then((r) => r.json());
    function Page() {
      useQuery({ queryKey: [...bookingKeys.all, 'page'], queryFn: read('/api/v1/bookings-page') });
      const card = useQuery({
        queryKey: [...agendaKeys.all, 'card'],
        queryFn: read('/api/v1/holdable'),
      });
      if (!card.data) return null;
      return card.data.holdable ? (
        <HoldActions instruction={hold({ canConfirmHold: true })} />
      ) : (
        <p>Booked</p>
      );
    }
    show(<Page />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm hold' }));
    await screen.findByText('Booked');
    bookingsRefreshed();
    expect(
      await screen.findByText('Confirmed 2 days: the freelancer is booked.'),
    ).toBeInTheDocument();
  });

  it("asks before a challenge and shows the server's refusal", async () => {
    const refusal = 'A challenge of the higher hold is already open.';
    mockApi({
      'POST /api/v1/instruction/50/hold/challenge': () => errorResponse(409, refusal, 'C-409'),
    });
    show(
      <HoldActions
        instruction={hold({ holdRank: 2, canChallengeHold: true })}
        whose=" for Felix Reid"
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Challenge for Felix Reid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Challenge the higher holds?' });
    await user.click(within(dialog).getByRole('button', { name: 'Challenge' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
