import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithProviders } from '@/test/render';
import { CONNECT_USER_HELP, DEPARTMENT_LINKS, ENTITY_LINKS, type UserLinkKind } from '../rules';
import { ConnectUserForm } from './connect-user-form';

const none = vi.fn().mockResolvedValue([]);

/** The form of a kind with nothing to pick from. */
const withoutPicks =
  <P extends string, F extends string, R>(kind: UserLinkKind<P, F, R>) =>
  (onSubmit: () => Promise<unknown>) =>
    renderWithProviders(
      <ConnectUserForm kind={kind} searchUsers={none} searchParents={none} onSubmit={onSubmit} />,
    );

describe('connect forms', () => {
  it.each([
    ['a user-entity link needs a user and an entity', withoutPicks(ENTITY_LINKS)],
    ['a user-department link needs a user and a department', withoutPicks(DEPARTMENT_LINKS)],
  ])('%s', async (_, render) => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(onSubmit);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('connects the picked user to the fixed department with the chosen rights', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const users = vi
      .fn()
      .mockResolvedValue([{ value: '9', label: 'Sam Turner (staff@hive.test)' }]);
    renderWithProviders(
      <ConnectUserForm
        kind={DEPARTMENT_LINKS}
        parentId={4}
        searchUsers={users}
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^User/ }));
    await user.click(await screen.findByRole('option', { name: 'Sam Turner (staff@hive.test)' }));
    await user.click(screen.getByRole('checkbox', { name: /Can hire/ }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(onSubmit).toHaveBeenCalledWith({
      userId: 9,
      departmentId: 4,
      canHire: true,
      canManage: false,
      canSelect: true,
    });
  });

  it("shows the server's refusal of a user on the User field, and says who can be picked", async () => {
    // The server answers a user the caller may not see as it answers a missing one.
    const refusal = new ApiError(422, 'V-422', 'User not found.', [
      { loc: ['body', 'userId'], msg: 'User not found.', type: 'value_error' },
    ]);
    const onSubmit = vi.fn().mockRejectedValue(refusal);
    const users = vi.fn().mockResolvedValue([{ value: '3', label: 'Devi Patel (dept@hive.test)' }]);
    renderWithProviders(
      <ConnectUserForm kind={ENTITY_LINKS} parentId={7} searchUsers={users} onSubmit={onSubmit} />,
    );
    expect(await screen.findByText(CONNECT_USER_HELP)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^User/ }));
    await user.click(await screen.findByRole('option', { name: 'Devi Patel (dept@hive.test)' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Error: User not found.')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
