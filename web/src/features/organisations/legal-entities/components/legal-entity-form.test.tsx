import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import type { LegalEntityFormValues } from '../rules';
import { LegalEntityForm } from './legal-entity-form';

const noCheck = () => Promise.reject(new Error('not called'));

function renderForm(props: Partial<Parameters<typeof LegalEntityForm>[0]> = {}) {
  const onSubmit = vi.fn((_values: LegalEntityFormValues) => Promise.resolve());
  renderWithProviders(
    <LegalEntityForm
      submitLabel="Save"
      onSubmit={onSubmit}
      checkIban={noCheck}
      checkCompany={noCheck}
      {...props}
    />,
  );
  return { onSubmit };
}

describe('LegalEntityForm', () => {
  it('shows the fields of the business type', () => {
    renderForm({ initialValues: { type: 'uk_sole_trader' } });
    expect(screen.getByLabelText('NI number')).toBeInTheDocument();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
  });

  it('shows company fields and locks the type of an existing legal entity', () => {
    renderForm({ initialValues: { type: 'uk_plc' }, existing: true });
    expect(screen.getByLabelText('Company name')).toBeInTheDocument();
    expect(screen.queryByLabelText('NI number')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Business type' })).toBeDisabled();
  });

  it('enables VAT fields only when VAT registered', async () => {
    renderForm({ initialValues: { type: 'uk_plc' } });
    expect(screen.getByRole('textbox', { name: 'VAT number' })).toBeDisabled();
    await userEvent.click(screen.getByLabelText('VAT registered'));
    expect(screen.getByRole('textbox', { name: /VAT number/ })).toBeEnabled();
  });

  it("refuses a VAT % off its 0.25 step, with the server's message", async () => {
    const { onSubmit } = renderForm({
      initialValues: { type: 'uk_plc', vatRegistered: true, vatNumber: 'GB123' },
    });
    const pct = screen.getByRole('textbox', { name: /VAT %/ });
    await userEvent.clear(pct);
    await userEvent.type(pct, '12.3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a percentage from 0 to 100 in steps of 0.25.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(pct);
    await userEvent.type(pct, '12.25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].vatPct).toBe(12.25);
  });

  it('requires the VAT number when registered', async () => {
    const { onSubmit } = renderForm({ initialValues: { type: 'uk_plc', vatRegistered: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Check fills bank details from a valid IBAN and clears them for an invalid one', async () => {
    const checkIban = vi
      .fn()
      .mockResolvedValueOnce({
        isValid: true,
        bankDetails: {
          sortCode: '60-16-13',
          accountNumber: '31926819',
          branchCode: '',
          bankName: 'NatWest',
          bankCountryCode: 'GB',
        },
      })
      .mockResolvedValueOnce({ isValid: false });
    renderForm({ initialValues: { type: 'uk_plc', iban: 'GB29NWBK60161331926819' }, checkIban });
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('IBAN valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Bank name')).toHaveValue('NatWest');
    expect(screen.getByLabelText('Bank country code')).toHaveValue('GB');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('IBAN invalid')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Bank name')).toHaveValue(''));
    expect(screen.getByLabelText('Sort code')).toHaveValue('');
  });

  it("fills a UK IBAN's sort code and account number, and no bank name it does not know", async () => {
    // The server's answer for GB82WEST12345698765432 (iban.Details).
    const checkIban = vi.fn().mockResolvedValue({
      isValid: true,
      countryCode: 'GB',
      branchCode: '123456',
      accountCode: '98765432',
      bankName: '',
      bankDetails: {
        sortCode: '12-34-56',
        accountNumber: '98765432',
        branchCode: '',
        bankName: '',
        bankCountryCode: 'GB',
      },
    });
    renderForm({
      initialValues: { type: 'uk_plc', iban: 'GB82WEST12345698765432', bankName: 'My bank' },
      checkIban,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('IBAN valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort code')).toHaveValue('12-34-56');
    expect(screen.getByLabelText('Account number')).toHaveValue('98765432');
    expect(screen.getByLabelText('Branch code')).toHaveValue('');
    expect(screen.getByLabelText('Bank name')).toHaveValue('My bank');
  });

  it('shows the company-check failure toast', async () => {
    const checkCompany = vi.fn().mockRejectedValue(new Error('down'));
    renderForm({ initialValues: { type: 'uk_plc', companyNumber: '01234567' }, checkCompany });
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Could not validate company number')).toBeInTheDocument();
  });

  it('shows the status selector only to those who may set it', () => {
    renderForm({ canSetStatus: false });
    expect(screen.queryByRole('textbox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByText(/awaiting approval by an administrator/)).toBeInTheDocument();
  });

  it('chooses a location from the search, filling an empty town and the country', async () => {
    mockApi({
      'GET /api/v1/locations': () =>
        jsonResponse({
          results: [
            {
              formatted_address: 'Paris, Île-de-France, France',
              geometry: { location: { lat: 48.85341, lng: 2.3488 } },
              name: 'Paris',
              country: 'FR',
              location_name: 'Paris, Île-de-France, France',
              latitude: 48.85341,
              longitude: 2.3488,
            },
          ],
        }),
    });
    const { onSubmit } = renderForm({ initialValues: { type: 'uk_plc', companyName: 'Acme' } });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: /^Location/ }), 'pari');
    await user.click(await screen.findByRole('option', { name: 'Paris, Île-de-France, France' }));
    expect(screen.getByLabelText('Town or city')).toHaveValue('Paris');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      locationName: 'Paris, Île-de-France, France',
      latitude: 48.85341,
      longitude: 2.3488,
      address2: 'Paris',
      country: 'FR',
    });
  });

  it('clearing the location clears all three and leaves the address', async () => {
    mockApi({ 'GET /api/v1/locations': () => jsonResponse({ results: [] }) });
    const { onSubmit } = renderForm({
      initialValues: {
        type: 'uk_plc',
        companyName: 'Acme',
        address2: 'Salford',
        locationName: 'Salford, England, United Kingdom',
        latitude: 53.48771,
        longitude: -2.29042,
      },
    });
    const user = userEvent.setup();
    await user.clear(screen.getByRole('combobox', { name: /^Location/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      locationName: '',
      latitude: null,
      longitude: null,
      address2: 'Salford',
    });
  });
});
