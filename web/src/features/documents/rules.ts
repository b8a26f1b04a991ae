import { mantineColour, statusLabel, type StatusColour } from '@/lib/status/status';
import type { components } from '@/api/schema';

export type SigningDocument = components['schemas']['SigningDocument'];
export type DocumentStatus = SigningDocument['status'];
export type SigningRequest = components['schemas']['SigningRequestBody'];
export type BuilderToken = components['schemas']['BuilderToken'];

/**
 * A document's status in the status colours (lib/status): completed is green like a confirmed
 * booking, pending orange like an offer awaiting its answer, urgent red. The Mantine shades are
 * lib/status's light ones, read with dark text (autoContrast), so each badge passes 4.5:1.
 */
export const documentStatusColour: Record<DocumentStatus, StatusColour> = {
  completed: 'green',
  pending: 'orange',
  urgent: 'red',
};

/** The badge's Mantine colour of a status. */
export const documentBadgeColour = (s: DocumentStatus) => mantineColour[documentStatusColour[s]];

/** 'Completed', 'Pending', 'Urgent'. */
export const documentStatusLabel = (s: DocumentStatus) => statusLabel(s);
