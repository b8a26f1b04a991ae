import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { canInsertCompany, CompanyDetailsDialog } from './company-details-dialog';

describe('company details', () => {
  it('allows inserting only an active company', () => {
    expect(canInsertCompany({ companyStatus: 'active' })).toBe(true);
    expect(canInsertCompany({ companyStatus: 'dissolved' })).toBe(false);
    expect(canInsertCompany(null)).toBe(false);
  });

  it('disables Insert details for an inactive company and shows a server message', () => {
    renderWithProviders(
      <CompanyDetailsDialog
        opened
        onClose={vi.fn()}
        onInsert={vi.fn()}
        result={{
          companyName: 'Old Co',
          companyNumber: '1',
          companyStatus: 'dissolved',
          message: 'Lookup note',
        }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Insert details' })).toBeDisabled();
    expect(screen.getByText('Lookup note')).toBeInTheDocument();
  });
});
