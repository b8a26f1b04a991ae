import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import { cardFixture, rowFixture } from './fixtures.test-data';
import { agendaViewOf, answerableSide, cardTitle, defaultTab, tabFromUrl, tabsOf } from './rules';

describe('agenda tabs', () => {
  it('gives freelancers four tabs opening on Outstanding', () => {
    expect(tabsOf('freelancer').map((t) => t.label)).toEqual([
      'Outstanding',
      'Awaiting Confirmation',
      'Confirmed',
      'Archived',
    ]);
    expect(defaultTab('freelancer')).toBe('outstanding');
  });

  it('gives managers the Critical tab too, opening on Awaiting Confirmation', () => {
    expect(tabsOf('manager').map((t) => t.value)).toEqual([
      'outstanding',
      'awaiting_confirmation',
      'confirmed',
      'critical',
      'archived',
    ]);
    expect(defaultTab('manager')).toBe('awaiting_confirmation');
  });

  it('reads the tab from the URL only when the view has it', () => {
    expect(tabFromUrl('confirmed', 'freelancer')).toBe('confirmed');
    expect(tabFromUrl('critical', 'freelancer')).toBe('outstanding');
    expect(tabFromUrl('critical', 'manager')).toBe('critical');
    expect(tabFromUrl('nonsense', 'manager')).toBe('awaiting_confirmation');
    expect(tabFromUrl(null, 'manager')).toBe('awaiting_confirmation');
  });
});

describe('agendaViewOf', () => {
  it('mirrors the server: department viewers and admins get the manager view', () => {
    expect(agendaViewOf(makeUser({ isFreelancer: true, needs: ['freelancer'] }))).toBe(
      'freelancer',
    );
    expect(agendaViewOf(makeUser({ needs: ['manage_department:3'] }))).toBe('manager');
    expect(agendaViewOf(makeUser({ isFreelancer: true, needs: ['select_department:4'] }))).toBe(
      'manager',
    );
    expect(agendaViewOf(makeUser({ canAdmin: true }))).toBe('manager');
    expect(agendaViewOf(makeUser({ needs: ['client_manager'] }))).toBe('manager');
  });
});

describe('answerableSide', () => {
  const felix = makeUser({ id: 5, isFreelancer: true, needs: ['freelancer'] });
  const manager = makeUser({ id: 9, needs: ['manage_department:3'] });
  const viewer = makeUser({ id: 10, needs: ['select_department:3'] });

  it('lets a freelancer answer their own awaiting supplier side', () => {
    expect(answerableSide(cardFixture(), rowFixture(), 'freelancer', felix)).toBe('supplierStatus');
    const accepted = rowFixture({ supplierStatus: 'accepted' });
    expect(answerableSide(cardFixture(), accepted, 'freelancer', felix)).toBeNull();
    expect(
      answerableSide(cardFixture(), rowFixture({ userId: 6 }), 'freelancer', felix),
    ).toBeNull();
  });

  it('lets a manager of the department answer the awaiting client side', () => {
    const supplierAccepted = rowFixture({ supplierStatus: 'accepted' });
    expect(answerableSide(cardFixture(), supplierAccepted, 'manager', manager)).toBe(
      'clientStatus',
    );
    expect(answerableSide(cardFixture(), supplierAccepted, 'manager', viewer)).toBeNull();
    const confirmed = rowFixture({ clientStatus: 'accepted' });
    expect(answerableSide(cardFixture(), confirmed, 'manager', manager)).toBeNull();
  });

  it('refuses closed, deleted and substituted instructions and cancelled placements', () => {
    const cancelledPlacement = cardFixture({
      placement: { ...cardFixture().placement, deletedAt: '2026-11-22T10:00:00.000Z' },
    });
    expect(answerableSide(cancelledPlacement, rowFixture(), 'freelancer', felix)).toBeNull();
    for (const row of [
      rowFixture({ clientStatus: 'cancelled' }),
      rowFixture({ deletedAt: '2026-11-22T10:00:00.000Z' }),
      rowFixture({ substituted: true }),
    ]) {
      expect(answerableSide(cardFixture(), row, 'freelancer', felix)).toBeNull();
      expect(answerableSide(cardFixture(), row, 'manager', manager)).toBeNull();
    }
  });
});

describe('cardTitle', () => {
  it('adds the booking title only when it differs from the placement title', () => {
    expect(cardTitle(cardFixture())).toEqual({
      placement: 'Camera Operator',
      booking: 'Premier League Football: Matchday',
    });
    expect(cardTitle(cardFixture({ bookingTitle: 'camera operator ' })).booking).toBeNull();
    expect(cardTitle(cardFixture({ bookingTitle: '' })).booking).toBeNull();
  });
});
