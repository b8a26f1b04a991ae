import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { BUILDER_FAILED } from '../components/form-builder';
import { makeDocument } from '../fixtures.test-data';
import { Component as DocumentBuilder } from './document-builder';

afterEach(() => {
  document.getElementById('docuseal-builder-script')?.remove();
});

const manager = makeUser({ id: 3, needs: ['department_manager', 'manage_department:5'] });
const token = {
  token: 'header.payload.signature',
  url: 'https://docuseal.test',
  host: 'docuseal.test',
};

function open(user: CurrentUser, routes: Parameters<typeof mockApi>[0]) {
  const fetch = mockApi({
    'GET /api/v1/document-signing/requested': () =>
      jsonResponse({ items: [makeDocument({ userName: 'Felix Reid' })] }),
    ...routes,
  });
  renderRoutes(
    [
      { path: '/document-builder', element: <DocumentBuilder /> },
      { path: '/bookings', element: <p>Bookings page</p> },
    ],
    { path: '/document-builder', user },
  );
  return fetch;
}

describe('/document-builder', () => {
  it('is for department managers: others go to Bookings and no token is asked for', async () => {
    const fetch = open(makeUser({ isFreelancer: true, needs: ['freelancer'] }), {});
    expect(await screen.findByText('Bookings page')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the builder failed when DocuSeal is not configured (the token's 404)", async () => {
    open(manager, {
      'GET /api/v1/docuseal/token': () =>
        jsonResponse(
          { error: 'Document signing with DocuSeal is not configured.', errorCode: 'N-404' },
          404,
        ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(BUILDER_FAILED);
    // Without DocuSeal the request form asks for a link only.
    const form = screen.getByRole('form', { name: 'Ask freelancers to sign' });
    expect(within(form).getByLabelText(/Document link/)).toBeVisible();
    expect(within(form).queryByText('DocuSeal template')).not.toBeInTheDocument();
    // What the manager asked for is listed, naming the signer.
    expect(await screen.findByText(/for Felix Reid/)).toBeVisible();
  });

  it('says the builder failed when the script from DocuSeal does not load', async () => {
    open(manager, { 'GET /api/v1/docuseal/token': () => jsonResponse(token) });
    await waitFor(() => expect(document.getElementById('docuseal-builder-script')).not.toBeNull());
    const script = document.getElementById('docuseal-builder-script') as HTMLScriptElement;
    // From the configured DocuSeal only, never a CDN.
    expect(script.src).toBe('https://docuseal.test/js/builder.js');
    script.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent(BUILDER_FAILED);
  });

  it("mounts the builder with the signed token once DocuSeal's element is defined", async () => {
    // As after DocuSeal's script ran (jsdom runs no script from another origin).
    customElements.define('docuseal-builder', class extends HTMLElement {});
    open(manager, { 'GET /api/v1/docuseal/token': () => jsonResponse(token) });
    const box = await screen.findByTestId('docuseal-builder');
    const builder = box.querySelector('docuseal-builder') as HTMLElement;
    expect(builder.dataset.token).toBe(token.token);
    expect(builder.dataset.host).toBe('docuseal.test');
    expect(screen.queryByText(BUILDER_FAILED)).not.toBeInTheDocument();
    // A template saved in the builder becomes the one to sign.
    builder.dispatchEvent(new CustomEvent('save', { detail: { id: 42 } }));
    expect(await screen.findByText(/Saved as DocuSeal template 42/)).toBeVisible();
    const form = screen.getByRole('form', { name: 'Ask freelancers to sign' });
    expect(await within(form).findByRole('textbox', { name: /^DocuSeal template/ })).toHaveValue(
      '42',
    );
  });

  it("asks a booking's freelancers to sign and shows the server's reason when refused", async () => {
    const asked: unknown[] = [];
    let refuse = true;
    open(manager, {
      'GET /api/v1/docuseal/token': () => errorResponse(404, 'off', 'N-404'),
      'GET /api/v1/booking': () =>
        jsonResponse({
          items: [
            {
              id: 12,
              title: 'Cup Final',
              reference: 'CF-1',
              type: 'booking',
              clientName: 'Alpha',
              departmentId: 5,
              departmentName: 'News',
              startDate: '2027-03-01',
              endDate: '2027-03-01',
              placements: 1,
            },
          ],
          total: 1,
        }),
      'GET /api/v1/account/token': () => jsonResponse({ token: 'csrf' }),
      'POST /api/v1/document-signing/request': async (r) => {
        asked.push(await r.json());
        if (refuse) {
          return jsonResponse(
            {
              error: 'Validation failed',
              errorCode: 'V-422',
              detail: [
                {
                  loc: ['body', 'bookingId'],
                  msg: 'This booking has no instructed freelancers to ask.',
                },
              ],
            },
            422,
          );
        }
        return jsonResponse({ items: [makeDocument()] }, 201);
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Ask freelancers to sign' });
    await user.click(within(form).getByRole('combobox', { name: /^Booking/ }));
    await user.click(await screen.findByRole('option', { name: /Cup Final \(CF-1\)/ }));
    await user.type(within(form).getByLabelText(/Title/), 'Location release');
    fireEvent.change(within(form).getByLabelText(/Due date/), { target: { value: '2027-02-20' } });
    await user.type(within(form).getByLabelText(/Document link/), 'https://docs.example.com/r.pdf');
    await user.click(within(form).getByRole('button', { name: 'Ask to sign' }));
    expect(
      await within(form).findByText('Error: This booking has no instructed freelancers to ask.'),
    ).toBeVisible();
    expect(asked[0]).toEqual({
      bookingId: 12,
      title: 'Location release',
      description: '',
      dueDate: '2027-02-20',
      documentUrl: 'https://docs.example.com/r.pdf',
    });
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Ask to sign' }));
    expect(await screen.findByText('Asked 1 freelancer to sign Location release.')).toBeVisible();
  });
});
