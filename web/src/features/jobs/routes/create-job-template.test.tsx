import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { CreateJobTemplateRoute } from './create-job-template';

const felix = { id: 11, fullName: 'Felix Reid', email: 'felix@example.com' };

describe('CreateJobTemplateRoute', () => {
  it('offers preferred freelancers once a department is chosen, from that department', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    mockApi({
      'GET /api/v1/department': () =>
        jsonResponse({
          items: [{ id: 3, name: 'Sport', client: { name: 'Northbridge' } }],
          total: 1,
        }),
      'GET /api/v1/department/3/hireable-freelancers': () => jsonResponse([felix]),
      'POST /api/v1/job-template': async (r) => {
        created.push(await r.json());
        return jsonResponse({ id: 8, title: 'Gala' }, 201);
      },
    });
    renderRoutes(
      [
        { path: '/job-templates/create', element: <CreateJobTemplateRoute /> },
        { path: '/job-templates/:id/edit', element: <p>edit page</p> },
      ],
      { path: '/job-templates/create', user: makeUser({ needs: ['manage_department:3'] }) },
    );
    const picker = await screen.findByRole('combobox', { name: 'Preferred Freelancers' });
    expect(picker).toBeDisabled();
    expect(picker).toHaveAccessibleDescription('Choose a department first.');
    expect(screen.queryByRole('group', { name: 'Administration' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Sport (Northbridge)' }));
    // The picker is the department's own: a new one, enabled.
    const enabled = () => screen.getByRole('combobox', { name: 'Preferred Freelancers' });
    await waitFor(() => expect(enabled()).toBeEnabled());
    expect(enabled()).toHaveAccessibleDescription('Freelancers this department may hire.');
    await user.click(enabled());
    await user.click(await screen.findByRole('option', { name: 'Felix Reid (felix@example.com)' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Gala');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('edit page')).toBeInTheDocument();
    expect(created).toEqual([
      { departmentId: 3, title: 'Gala', description: '', preferredUserIds: [11] },
    ]);
  });
});
