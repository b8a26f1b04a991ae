import { describe, expect, it } from 'vitest';
import { toUpdate, type ProfileValues } from './profile-values';

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
  it('drops coordinates when the location changes and adds the admin section for admins', () => {
    const body = toUpdate({ ...base, locationName: 'York' }, base, 1, {
      admin: true,
      freelancer: false,
    });
    expect(body.location).toEqual({ location_name: 'York' });
    expect(body).toMatchObject({
      accountStatus: 'active',
      preferredSupplierId: 0,
      canAdmin: false,
    });
    expect(body.skills).toBeUndefined();
  });
});
