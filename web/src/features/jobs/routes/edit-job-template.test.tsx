import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { placementTemplateFixture } from '@/test/job-template.test-data';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import type { JobTemplate } from '../rules';
import { EditJobTemplateRoute } from './edit-job-template';

const felix = { id: 11, fullName: 'Felix Reid', email: 'felix@example.com' };
const chloe = { id: 12, fullName: 'Chloe Park', email: 'chloe@example.com' };
const notHireable = 'Only active freelancers this department may hire can be preferred.';

const template = (extra: Partial<JobTemplate> = {}): JobTemplate => ({
  id: 5,
  title: 'Cup Final',
  type: 'template',
  description: '',
  departmentId: 3,
  department: { id: 3, name: 'Sport', timezone: 'Europe/London' },
  clientId: 2,
  clientName: 'Northbridge',
  version: 4,
  placementTemplates: [],
  preferredUsers: [felix],
  ...extra,
});

const manager = makeUser({ needs: ['manage_department:3'] });
const admin = makeUser({ canAdmin: true, needs: ['admin'] });

/** The edit page for user; patch answers the save (the request's body is recorded). */
function open(user: CurrentUser, t: JobTemplate, patch?: (body: unknown) => Response) {
  const sent: unknown[] = [];
  const searches: string[] = [];
  mockApi({
    'GET /api/v1/job-template/5': () => jsonResponse(t),
    'GET /api/v1/department/3/hireable-freelancers': (r) => {
      searches.push(new URL(r.url).searchParams.get('search') ?? '');
      return jsonResponse([felix, chloe]);
    },
    'PATCH /api/v1/job-template/5': async (r) => {
      const body = await r.json();
      sent.push(body);
      return patch ? patch(body) : jsonResponse({ ...t, version: t.version + 1 });
    },
  });
  renderRoutes([{ path: '/job-templates/:id/edit', element: <EditJobTemplateRoute /> }], {
    path: '/job-templates/5/edit',
    user,
  });
  return { sent, searches };
}

describe('EditJobTemplateRoute: preferred freelancers', () => {
  it('offers the freelancers the department may hire and saves the whole list', async () => {
    const user = userEvent.setup();
    const { sent, searches } = open(manager, template());
    const picker = await screen.findByRole('combobox', { name: 'Preferred Freelancers' });
    expect(screen.getAllByText('Felix Reid (felix@example.com)').length).toBeGreaterThan(0);
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Chloe Park (chloe@example.com)' }));
    expect(searches).toContain('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 4,
      title: 'Cup Final',
      description: '',
      preferredUserIds: [11, 12],
    });
    expect(await screen.findByText('Job template Cup Final saved')).toBeInTheDocument();
  });

  it("shows the server's refusal on the picker", async () => {
    const user = userEvent.setup();
    open(manager, template(), () =>
      jsonResponse(
        {
          error: notHireable,
          errorCode: 'V-422',
          detail: [{ loc: ['body', 'preferredUserIds'], msg: notHireable, type: 'value_error' }],
        },
        422,
      ),
    );
    await screen.findByRole('combobox', { name: 'Preferred Freelancers' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const picker = screen.getByRole('combobox', { name: 'Preferred Freelancers' });
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(expect.stringContaining(notHireable)),
    );
    expect(picker).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('EditJobTemplateRoute: administrative fields', () => {
  it('are not shown to a manager, whose save sends none', async () => {
    const user = userEvent.setup();
    const { sent } = open(manager, template());
    await screen.findByRole('combobox', { name: 'Preferred Freelancers' });
    expect(screen.queryByRole('group', { name: 'Administration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Agent' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('agent');
    expect(sent[0]).not.toHaveProperty('legacyJobId');
  });

  it('are edited by an administrator in the Administration section', async () => {
    const user = userEvent.setup();
    const { sent } = open(
      admin,
      template({ legacyJobId: 'L-7', agent: '', divisionTeam: 'Live', function: '' }),
    );
    const section = await screen.findByRole('group', { name: 'Administration' });
    expect(within(section).getByRole('textbox', { name: 'Legacy Job ID' })).toHaveValue('L-7');
    expect(within(section).getByRole('textbox', { name: 'Division / Team' })).toHaveValue('Live');
    await user.type(within(section).getByRole('textbox', { name: 'Agent' }), 'Acme');
    await user.type(within(section).getByRole('textbox', { name: 'Function' }), 'Camera');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      legacyJobId: 'L-7',
      agent: 'Acme',
      divisionTeam: 'Live',
      function: 'Camera',
      preferredUserIds: [11],
    });
  });
});

describe("EditJobTemplateRoute: a placement template's rate", () => {
  it('keeps its currency and period when the chosen one is picked again', async () => {
    const user = userEvent.setup();
    open(
      manager,
      template({
        placementTemplates: [
          placementTemplateFixture({
            jobTemplateId: 5,
            sellRate: { rate: 250, currency: 'EUR', period: 'day' },
          }),
        ],
      }),
    );
    for (const [name, chosen] of [
      [/currency$/, 'EUR'],
      [/period$/, 'day'],
    ] as const) {
      const select = await screen.findByRole('combobox', { name });
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: chosen }));
      expect(select).toHaveValue(chosen);
    }
  });
});
