import type { LegalEntity } from './api/get-legal-entity';
import { emptyLegalEntity, type LegalEntityFormValues } from './legal-entity-rules';

/** The form values of a stored legal entity (missing text as '', defaults kept). */
export function formValuesOf(le: LegalEntity): LegalEntityFormValues {
  const out = { ...emptyLegalEntity };
  for (const key of Object.keys(out) as (keyof LegalEntityFormValues)[]) {
    const v = (le as unknown as Record<string, unknown>)[key];
    if (v === null || v === undefined) continue;
    (out as Record<string, unknown>)[key] = v;
  }
  out.locationName = le.location?.location_name ?? '';
  out.latitude = le.location?.latitude ?? null;
  out.longitude = le.location?.longitude ?? null;
  return out;
}
