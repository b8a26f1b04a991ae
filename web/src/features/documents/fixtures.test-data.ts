import type { SigningDocument } from './rules';

/** A document to sign as the API sends it: pending, due 1 March 2027, asked by Dana Manager. */
export function makeDocument(overrides: Partial<SigningDocument> = {}): SigningDocument {
  return {
    id: 1,
    userId: 7,
    userName: 'Felix Reid',
    title: 'Location release',
    description: 'Sign before the shoot.',
    status: 'pending',
    dueDate: '2027-03-01',
    documentUrl: 'https://docs.example.com/release.pdf',
    requestedBy: 3,
    requesterName: 'Dana Manager',
    bookingId: 12,
    docusealSubmissionId: null,
    completedAt: null,
    createdAt: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}
