import { describe, expect, it } from 'vitest';
import {
  detailsChanged,
  emptyLegalEntity,
  fieldsForType,
  legalEntityPayload,
  legalEntityValidation,
  validateVatNumber,
  validateVatPct,
  vatFieldsEnabled,
  type LegalEntityFormValues,
} from './legal-entity-rules';

const form = (over: Partial<LegalEntityFormValues> = {}): LegalEntityFormValues => ({
  ...emptyLegalEntity,
  ...over,
});

describe('fields per business type', () => {
  it('shows sole trader fields for a sole trader and company fields otherwise', () => {
    expect(fieldsForType('uk_sole_trader')).toEqual(['niNumber', 'gender', 'tradingName']);
    for (const t of ['uk_private_limited', 'uk_plc', 'uk_llp', 'uk_private_unlimited']) {
      expect(fieldsForType(t)).toEqual(['companyName', 'companyNumber', 'operatingModel']);
    }
    expect(fieldsForType('')).toEqual([]);
  });
  it('defaults: GB, Europe/London, Ordinary, VAT 20 and not registered', () => {
    expect(emptyLegalEntity).toMatchObject({
      country: 'GB',
      timezone: 'Europe/London',
      operatingModel: 'Ordinary',
      vatPct: 20,
      vatRegistered: false,
      status: 'not_validated',
    });
  });
  it('requires a type', () => {
    expect(legalEntityValidation.type('')).toBe('This field is required');
    expect(legalEntityValidation.type('uk_plc')).toBeNull();
  });
});

describe('VAT', () => {
  it('enables VAT fields only when registered', () => {
    expect(vatFieldsEnabled(form())).toBe(false);
    expect(vatFieldsEnabled(form({ vatRegistered: true }))).toBe(true);
  });
  it('does not require VAT fields when not registered', () => {
    expect(validateVatNumber('', form())).toBeNull();
    expect(validateVatPct('', form())).toBeNull();
    expect(validateVatPct(250, form())).toBeNull();
  });
  it('requires a VAT number of at most 13 characters when registered', () => {
    const v = form({ vatRegistered: true });
    expect(validateVatNumber('', v)).toBe('This field is required');
    expect(validateVatNumber('GB123456789', v)).toBeNull();
    expect(validateVatNumber('GB12345678901', v)).toBeNull();
    expect(validateVatNumber('GB123456789012', v)).not.toBeNull();
  });
  it('bounds the VAT percentage to 0..100 in steps of 0.25', () => {
    const v = form({ vatRegistered: true });
    expect(validateVatPct('', v)).toBe('This field is required');
    for (const ok of [0, 20, 17.5, 12.25, 100]) expect(validateVatPct(ok, v)).toBeNull();
    for (const bad of [-0.25, 100.25, 20.1]) expect(validateVatPct(bad, v)).not.toBeNull();
  });
  it('sends VAT details only when registered', () => {
    expect(legalEntityPayload(form({ type: 'uk_plc', vatNumber: 'X', vatPct: 5 }))).toMatchObject({
      vatRegistered: false,
      vatNumber: '',
      vatPct: 20,
    });
    expect(
      legalEntityPayload(
        form({ type: 'uk_plc', vatRegistered: true, vatNumber: ' GB1 ', vatPct: 17.5 }),
      ),
    ).toMatchObject({ vatRegistered: true, vatNumber: 'GB1', vatPct: 17.5 });
  });
});

describe('payload and revalidation', () => {
  it('sends only the fields of the type', () => {
    const sole = legalEntityPayload(
      form({
        type: 'uk_sole_trader',
        niNumber: 'QQ123456C',
        companyName: 'Ignored',
        gender: 'female',
      }),
    );
    expect(sole).toMatchObject({ niNumber: 'QQ123456C', gender: 'female', companyName: '' });
    const company = legalEntityPayload(
      form({ type: 'uk_llp', niNumber: 'X', companyName: 'Acme LLP' }),
    );
    expect(company).toMatchObject({
      niNumber: '',
      companyName: 'Acme LLP',
      operatingModel: 'Ordinary',
    });
    expect(legalEntityPayload(form({ iban: 'gb82 west 1234' })).iban).toBe('GB82WEST1234');
  });
  it('any change of details except the status counts', () => {
    expect(detailsChanged(form(), form({ status: 'validated' }))).toBe(false);
    expect(detailsChanged(form(), form({ phone: '1' }))).toBe(true);
  });
});
