import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import { cardFixture, rowFixture } from '@/test/agenda.test-data';
import { agendaViewOf, answersOf, cardTitle, defaultTab, tabFromUrl, tabsOf } from './rules';

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

describe('answersOf', () => {
  it('offers the answers the server allows, on the side it names', () => {
    expect(answersOf(rowFixture())).toEqual({ side: 'supplierStatus', accept: true, reject: true });
    expect(answersOf(rowFixture({ answerSide: 'client', canReject: false }))).toEqual({
      side: 'clientStatus',
      accept: true,
      reject: false,
    });
  });

  it('offers nothing when the server allows neither answer, or names no side', () => {
    expect(answersOf(rowFixture({ canAccept: false, canReject: false }))).toBeNull();
    // A read-only viewer (staff): no side, no flags.
    expect(
      answersOf(rowFixture({ answerSide: '', canAccept: false, canReject: false })),
    ).toBeNull();
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
