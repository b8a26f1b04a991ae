import type { components } from '@/api/schema';

type PlacementTemplate = components['schemas']['PlacementTemplate'];

/** A placement template of job template 4: a day's Camera shift at £250 a day. */
export const placementTemplateFixture = (
  over: Partial<PlacementTemplate> = {},
): PlacementTemplate => ({
  id: 7,
  jobTemplateId: 4,
  title: 'Camera',
  startTime: '09:00',
  endTime: '17:00',
  overnight: false,
  position: 1,
  unpaidBreaks: 0,
  supplierNotes: '',
  sellRate: { rate: 250, currency: 'GBP', period: 'day' },
  version: 1,
  ...over,
});
