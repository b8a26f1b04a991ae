import { describe, expect, it } from 'vitest';
import { toUpdate, type ProfileValues, hourlyRate, validateOptionalAmount } from './rules';

const base: ProfileValues = {
  email: 'a@x.test',
  firstName: 'A',
  lastName: 'B',
  label: '',
  phone: '',
  gender: '',
  genderOther: 'x',
  country: 'GB',
  timezone: 'Europe/London',
  locationName: 'Leeds',
  latitude: 53.8,
  longitude: -1.5,
  cv: '',
  showreel: '',
  linkedin: '',
  imdb: '',
  personalWebsite: '',
  businessType: '',
  currency: 'EUR',
  rate: '',
  skills: ['1', '2'],
  jobTitles: ['5'],
  accountStatus: 'active',
  preferredSupplier: null,
  canAdmin: false,
  canCreateSupplierEntity: false,
  canCreateAgencyEntity: false,
  canCreateClientEntity: false,
};

describe('toUpdate', () => {
  it('sends added and deleted tags and keeps coordinates of an unchanged location', () => {
    const body = toUpdate({ ...base, skills: ['2', '3'], jobTitles: [] }, base, 4, {
      admin: false,
      freelancer: true,
    });
    expect(body).toMatchObject({
      version: 4,
      skills: [3],
      deleted_skills: [1],
      job_titles: [],
      deleted_job_titles: [5],
      genderOther: '',
      location: { location_name: 'Leeds', latitude: 53.8, longitude: -1.5 },
    });
    expect(body.accountStatus).toBeUndefined();
  });
  it('sends a chosen place with its coordinates and adds the admin section for admins', () => {
    const york = {
      locationName: 'York, England, United Kingdom',
      latitude: 53.95763,
      longitude: -1.08271,
    };
    const body = toUpdate({ ...base, ...york }, base, 1, {
      admin: true,
      freelancer: false,
    });
    expect(body.location).toEqual({
      location_name: 'York, England, United Kingdom',
      latitude: 53.95763,
      longitude: -1.08271,
    });
    const cleared = toUpdate(
      { ...base, locationName: '', latitude: null, longitude: null },
      base,
      1,
      {
        admin: false,
        freelancer: false,
      },
    );
    expect(cleared.location).toEqual({ location_name: '' });
    expect(body).toMatchObject({
      accountStatus: 'active',
      preferredSupplierId: 0,
      canAdmin: false,
    });
    expect(body.skills).toBeUndefined();
  });
});

describe('rates', () => {
  it('shows day rate / 8 to 2 decimals', () => {
    expect(hourlyRate('350')).toBe('43.75');
    expect(hourlyRate('100.5')).toBe('12.56');
    expect(hourlyRate('abc')).toBe('');
  });
  it('validates amounts', () => {
    expect(validateOptionalAmount('')).toBeNull();
    expect(validateOptionalAmount('12.34')).toBeNull();
    expect(validateOptionalAmount('12.345')).toBe('Invalid amount');
    expect(validateOptionalAmount('-1')).toBe('Invalid amount');
  });
});
