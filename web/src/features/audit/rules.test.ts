import { describe, expect, it } from 'vitest';
import { changesOf, displayValue, fieldLabel, isHiddenField, sourceLabel } from './rules';

describe('isHiddenField', () => {
  it('hides bookkeeping, search copies and ids whose name is beside them', () => {
    const row = {
      id: 1,
      version: 2,
      updatedAt: 'x',
      name_lc: 'a',
      titleLc: 'b',
      departmentId: 3,
      departmentName: 'News',
    };
    for (const field of ['id', 'version', 'updatedAt', 'name_lc', 'titleLc', 'departmentId']) {
      expect(isHiddenField(field, row), field).toBe(true);
    }
  });

  it('keeps ordinary fields and ids without a name beside them', () => {
    const row = { title: 'x', placementId: 4, userId: 5 };
    expect(isHiddenField('title', row)).toBe(false);
    expect(isHiddenField('placementId', row)).toBe(false);
    expect(isHiddenField('userId', row)).toBe(false);
  });
});

describe('fieldLabel and sourceLabel', () => {
  it('reads like words', () => {
    expect(fieldLabel('supplierStatus')).toBe('Supplier status');
    expect(fieldLabel('legal_entity_id')).toBe('Legal entity id');
    expect(fieldLabel('title')).toBe('Title');
    expect(sourceLabel('legal_entity_ref')).toBe('Legal entity link');
    expect(sourceLabel('waterfall')).toBe('Offer in turn');
    expect(sourceLabel('something_new')).toBe('Something new');
  });
});

describe('displayValue', () => {
  const names = { userId: { '5': 'Felix Reid' }, entityIds: { '7': 'Alpha', '8': 'Beta' } };

  it('shows names rather than ids where the server sent them', () => {
    expect(displayValue('userId', 5, names)).toBe('Felix Reid');
    expect(displayValue('userId', 6, names)).toBe('6');
    expect(displayValue('entityIds', [7, 8], names)).toBe('Alpha, Beta');
  });

  it('formats empty values, booleans, rates and timestamps', () => {
    expect(displayValue('reference', '')).toBe('—');
    expect(displayValue('reference', null)).toBe('—');
    expect(displayValue('ir35', true)).toBe('Yes');
    expect(displayValue('sellRate', { rate: 260, currency: 'GBP', period: 'day' })).toBe(
      '260.00 GBP / day',
    );
    expect(displayValue('deletedAt', '2026-11-24T10:15:30Z')).toMatch(
      /^\w{3}, \d{2} Nov 2026 \d{2}:15:30$/,
    );
    expect(displayValue('dates', ['2027-03-10'])).toBe('2027-03-10');
  });
});

describe('changesOf', () => {
  it('lists the visible fields that differ from the previous version', () => {
    const changes = changesOf(
      {
        previous: {
          supplierStatus: 'awaiting_response',
          clientStatus: 'awaiting_response',
          placementId: 1,
          userId: 5,
        },
        row: {
          supplierStatus: 'accepted',
          clientStatus: 'awaiting_response',
          cancellationReason: '',
          version: 2,
        },
      },
      { userId: { '5': 'Felix Reid' } },
    );
    // clientStatus is unchanged, version is internal, the new cancellationReason is empty;
    // placementId and userId were not rewritten, so they are not removals.
    expect(changes).toEqual([
      {
        field: 'supplierStatus',
        label: 'Supplier status',
        before: 'awaiting_response',
        after: 'accepted',
      },
    ]);
  });

  it('shows every visible field of a first version, with names', () => {
    const changes = changesOf(
      { previous: null, row: { id: 9, placementId: 1, userId: 5 } },
      { placementId: { '1': 'Shift 1, 2027-03-10' }, userId: { '5': 'Felix Reid' } },
    );
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Placement id', '', 'Shift 1, 2027-03-10'],
      ['User id', '', 'Felix Reid'],
    ]);
  });

  it('counts empty and default values as equal: an absent IR35 saved as No is no change', () => {
    expect(
      changesOf({
        previous: { title: 'News', jobTemplateId: 3 },
        row: { title: 'News', ir35: false, reference: '', substitutionAllowed: false },
      }),
    ).toEqual([]);
    expect(
      changesOf({ previous: { ir35: false }, row: { ir35: true } }).map((c) => [c.before, c.after]),
    ).toEqual([['No', 'Yes']]);
  });

  it('has nothing to show for an entry without a row', () => {
    expect(changesOf({ row: null, previous: { title: 'x' } })).toEqual([]);
  });
});
