import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_REASONS,
  DEFAULT_CANCELLATION_REASON,
  cancellationReason,
} from './cancellation';

describe('cancellation reasons', () => {
  // The same list as Go's status.CancellationReasons.
  it('offers the presets of the spec, Other by default', () => {
    expect(CANCELLATION_REASONS).toEqual([
      'Supplier - Not Available',
      'Supplier - Failed to Find Substitute',
      'Client - Accidental Booking',
      'Client - Placement Not Needed',
      'Other',
    ]);
    expect(DEFAULT_CANCELLATION_REASON).toBe('Other');
  });

  it('prefixes the custom text by the preset when different', () => {
    expect(cancellationReason('Other', 'Rain stopped play')).toBe('Other - Rain stopped play');
    expect(cancellationReason('Client - Placement Not Needed', '  Event moved ')).toBe(
      'Client - Placement Not Needed - Event moved',
    );
  });

  it('sends the custom text alone when it is the preset', () => {
    expect(cancellationReason('Supplier - Not Available', 'Supplier - Not Available')).toBe(
      'Supplier - Not Available',
    );
  });

  it('falls back to the preset when no custom text is given', () => {
    expect(cancellationReason('Other', '   ')).toBe('Other');
  });
});
