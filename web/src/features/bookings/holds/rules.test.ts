import { describe, expect, it } from 'vitest';
import { hold } from './fixtures.test-data';
import { challengeText, holdLabel, isLiveHold, ordinal } from './rules';

describe('hold rules', () => {
  it('names ranks as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
    expect(holdLabel(2)).toBe('2nd hold');
  });

  it('calls a hold live until it is deleted, cancelled or rejected; an offer never', () => {
    expect(isLiveHold(hold())).toBe(true);
    expect(isLiveHold(hold({ kind: 'offer' }))).toBe(false);
    expect(isLiveHold(hold({ clientStatus: 'cancelled' }))).toBe(false);
    expect(isLiveHold(hold({ supplierStatus: 'rejected' }))).toBe(false);
    expect(isLiveHold(hold({ deletedAt: '2027-03-01T00:00:00.000Z' }))).toBe(false);
  });

  it("says a challenge's deadline from either side", () => {
    const at = '2027-03-01T09:30:00.000Z';
    expect(challengeText(hold({ challengedUntil: at }), 'UTC')).toBe(
      'Challenged: confirm or release by Mon, 01 Mar 2027 09:30',
    );
    expect(challengeText(hold({ challengingUntil: at }), 'UTC')).toBe(
      'Challenge open until Mon, 01 Mar 2027 09:30',
    );
    expect(challengeText(hold())).toBeNull();
  });
});
