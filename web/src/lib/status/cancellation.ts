/** The preset cancellation reasons (spec part 2 §9; Go: status.CancellationReasons). */
export const CANCELLATION_REASONS = [
  'Supplier - Not Available',
  'Supplier - Failed to Find Substitute',
  'Client - Accidental Booking',
  'Client - Placement Not Needed',
  'Other',
] as const;

export type CancellationPreset = (typeof CANCELLATION_REASONS)[number];

/** The preset a cancel dialog starts with. */
export const DEFAULT_CANCELLATION_REASON: CancellationPreset = 'Other';

/**
 * The reason sent with a cancellation (spec part 2 §5): the custom text, prefixed by the preset
 * when different ('Other - Rain stopped play'); the custom text alone when it is the preset.
 * Both are required by the dialogs; an empty custom text leaves the preset alone.
 */
export function cancellationReason(preset: string, custom: string): string {
  const text = custom.trim();
  if (!text || text === preset) return text || preset;
  return `${preset} - ${text}`;
}
