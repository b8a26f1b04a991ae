import { describe, expect, it } from 'vitest';
import {
  addressFromPlace,
  detailsChanged,
  emptyLegalEntity,
  fieldsForType,
  legalEntityPayload,
  legalEntityValidation,
  validateVatNumber,
  validateVatPct,
  vatFieldsEnabled,
  type LegalEntityFormValues,
} from './rules';

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

describe('location', () => {
  const leeds = {
    locationName: 'Leeds, England, United Kingdom',
    latitude: 53.79648,
    longitude: -1.54785,
  };
  it('sends a chosen place with its coordinates, and an empty name when cleared', () => {
    expect(legalEntityPayload(form(leeds)).location).toEqual({
      location_name: 'Leeds, England, United Kingdom',
      latitude: 53.79648,
      longitude: -1.54785,
    });
    expect(legalEntityPayload(form()).location).toEqual({ location_name: '' });
  });
  it('is not a detail that sends the legal entity back to not validated', () => {
    expect(detailsChanged(form(), form(leeds))).toBe(false);
  });
  it('fills the town and country only while no town is entered', () => {
    const paris = { name: 'Paris', country: 'FR' };
    expect(addressFromPlace(form(), paris, ['GB', 'FR'])).toEqual({
      address2: 'Paris',
      country: 'FR',
      timezone: 'Europe/Paris',
    });
    expect(addressFromPlace(form(), { name: 'Leeds', country: 'GB' }, ['GB'])).toEqual({
      address2: 'Leeds',
    });
    expect(addressFromPlace(form({ address2: 'Salford' }), paris, ['GB', 'FR'])).toEqual({});
    expect(addressFromPlace(form(), { name: 'Pristina', country: 'XK' }, ['GB'])).toEqual({
      address2: 'Pristina',
    });
  });
});
