/**
 * A location as forms store it (spec part 1 §3, Location suggestion): the place's name and its
 * coordinates, all three set by choosing a suggestion and all three cleared together.
 */
export interface LocationValue {
  location_name: string;
  latitude: number;
  longitude: number;
}

/** Location search starts at 3 characters and waits 400 ms after typing (spec part 1 §5, §9). */
export const LOCATION_MIN_CHARS = 3;
export const LOCATION_DEBOUNCE_MS = 400;
/** The suggestions' dropdown is at most 150 px high (spec part 1 §9). */
export const LOCATION_DROPDOWN_MAX_HEIGHT = 150;

/** Whether a term is long enough to search: 3 letters or digits, as the server counts them. */
export function searchableTerm(term: string): boolean {
  const letters = term.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '');
  return letters.length >= LOCATION_MIN_CHARS;
}

/** The stored value of a location field, or null when it has no coordinates (typed, not chosen). */
export function locationValueOf(
  l:
    | {
        location_name?: string;
        latitude?: number | null;
        longitude?: number | null;
      }
    | null
    | undefined,
): LocationValue | null {
  if (!l || !l.location_name || l.latitude == null || l.longitude == null) return null;
  return { location_name: l.location_name, latitude: l.latitude, longitude: l.longitude };
}
