import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import {
  entityTypeLabel,
  entityTypeOptions,
  validateCancelWindowDays,
  validateEntityName,
} from './rules';

const values = (u: Parameters<typeof entityTypeOptions>[0]) =>
  entityTypeOptions(u).map((o) => o.value);

describe('entityTypeOptions', () => {
  it('offers the kinds the user may create', () => {
    expect(values(makeUser({ needs: ['create_entity:client'] }))).toEqual(['client']);
    expect(values(makeUser({ needs: ['create_entity:supplier', 'create_entity:agency'] }))).toEqual(
      ['supplier', 'agency'],
    );
    expect(values(makeUser({ needs: [] }))).toEqual([]);
    expect(values(null)).toEqual([]);
  });
  it('gives administrators base and every kind', () => {
    expect(values(makeUser({ canAdmin: true }))).toEqual(['base', 'supplier', 'agency', 'client']);
  });
  it('labels kinds and legal forms', () => {
    expect(entityTypeOptions(makeUser({ canAdmin: true })).map((o) => o.label)).toEqual([
      'Base',
      'Supplier',
      'Agency',
      'Client',
    ]);
    expect(entityTypeLabel('uk_private_limited')).toBe('UK Ltd.');
    expect(entityTypeLabel('uk_sole_trader')).toBe('UK Sole Trader');
  });
});

describe('entity form rules', () => {
  it('requires a name', () => {
    expect(validateEntityName('')).toBe('This field is required');
    expect(validateEntityName('  ')).toBe('This field is required');
    expect(validateEntityName('Acme')).toBeNull();
  });
  it('takes a whole number of cancel window days', () => {
    expect(validateCancelWindowDays(3)).toBeNull();
    expect(validateCancelWindowDays('')).toBeNull();
    expect(validateCancelWindowDays(1.5)).not.toBeNull();
    expect(validateCancelWindowDays(-1)).not.toBeNull();
  });
});
