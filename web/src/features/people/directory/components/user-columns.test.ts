import { describe, expect, it } from 'vitest';
import { userColumns } from './user-columns';
import { StartsWithFloatingFilter } from './name-filter';

const cell = () => null;
/** The columns an administrator (or a manager) sees, with the product named. */
const columnsFor = (admin: boolean, productName = 'Hive') =>
  userColumns({ admin, productName, emailCell: cell, actionsCell: cell });
const headers = (admin: boolean) => columnsFor(admin).map((c) => c.headerName);
/** The columns that name the person, first for administrators and managers alike. */
const personHeaders = ['Email', 'First Name', 'Last Name', 'Label'];

describe('All Users columns', () => {
  it('shows administrators account status, the Permissions columns and actions', () => {
    expect(headers(true)).toEqual([
      ...personHeaders,
      'Account Status',
      'Onboarding State',
      'Can Administrate Hive',
      'Create Supplier',
      'Create Agency',
      'Create Client',
      'Actions',
    ]);
  });

  it('hides account status, permissions and actions from managers', () => {
    expect(headers(false)).toEqual([...personHeaders, 'Onboarding State']);
  });

  it('names the product in Can Administrate', () => {
    const columns = columnsFor(true, 'Crewbase');
    expect(columns.map((c) => c.headerName)).toContain('Can Administrate Crewbase');
  });

  it('sorts and filters by the server names of GET /account', () => {
    const columns = columnsFor(true);
    const serverNames = [
      'email',
      'firstName',
      'lastName',
      'label',
      'accountStatus',
      'onboardingState',
    ];
    expect(columns.filter((c) => c.sortable).map((c) => c.field)).toEqual(serverNames);
    expect(columns.filter((c) => c.filter).map((c) => c.field)).toEqual(serverNames);
  });
});

describe('All Users columns that stay in view', () => {
  const kinds = (admin: boolean) =>
    Object.fromEntries(
      columnsFor(admin)
        .filter((c) => c.kind)
        .map((c) => [c.field ?? c.colId, c.kind]),
    );

  it('are the account status and the actions for administrators', () => {
    expect(kinds(true)).toEqual({ accountStatus: 'status', actions: 'actions' });
  });

  it('are the onboarding state for everyone else', () => {
    expect(kinds(false)).toEqual({ onboardingState: 'status' });
  });
});

describe('All Users name filters', () => {
  it('say they match the start of the name, without the Contains operator menu', () => {
    const columns = columnsFor(false);
    for (const field of ['firstName', 'lastName']) {
      const column = columns.find((c) => c.field === field)!;
      expect(column.filter).toEqual({ type: 'text' });
      expect(column.headerTooltip).toBe('Matches the start of the name');
      expect(column.floatingFilterComponent).toBe(StartsWithFloatingFilter);
      expect(column.suppressFloatingFilterButton).toBe(true);
      expect(column.suppressHeaderFilterButton).toBe(true);
    }
    // Email and label match anywhere on the server, and keep the grid's own filter.
    const email = columns.find((c) => c.field === 'email')!;
    expect(email.floatingFilterComponent).toBeUndefined();
  });
});
