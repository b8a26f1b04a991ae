import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { CreateLegalEntityRoute } from './create-legal-entity';

describe('Create Legal Entity', () => {
  it('names the entity it will belong to by its name, not its number', async () => {
    mockApi({
      'GET /api/v1/entity/8': () =>
        jsonResponse({ id: 8, name: 'Northbridge Media', type: 'client', version: 1 }),
    });
    renderRoutes([{ path: '/legal-entities/create', element: <CreateLegalEntityRoute /> }], {
      path: '/legal-entities/create?entityId=8',
      user: makeUser({ canAdmin: true, needs: ['admin'] }),
    });
    expect(
      await screen.findByText('The new legal entity will be connected to Northbridge Media.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/#8/)).not.toBeInTheDocument();
  });
});
