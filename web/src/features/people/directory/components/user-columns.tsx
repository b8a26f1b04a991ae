import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ComponentType } from 'react';
import { accountStatusDisplay } from '@/lib/account-status';
import { labelledSet, type DataGridColumn } from '@/ui/data-grid';
import type { DirectoryUser } from '../api/get-users';
import { StartsWithFloatingFilter } from './name-filter';

type OnboardingState = DirectoryUser['onboardingState'];

/** How each onboarding state is shown. */
export const onboardingLabels: Record<OnboardingState, string> = {
  not_applicable: 'Not Applicable',
  freelancer_started: 'Started',
  freelancer_needs_entity: 'Needs Entity',
  freelancer_needs_legal_entity: 'Needs Legal Entity',
  complete: 'Complete',
  staff: 'Staff',
  aborted: 'Aborted',
};

const yesNo = (p: { value?: unknown }) =>
  p.value === true ? 'Yes' : p.value === false ? 'No' : '';

type Cell = ComponentType<CustomCellRendererProps<DirectoryUser>>;

export interface ColumnOptions {
  /** Administrators see account status, the Permissions columns and Impersonate. */
  admin: boolean;
  /** The product name, shown in 'Can Administrate {product}'. */
  productName: string;
  /** Renders the email as a link to the edit-user page. */
  emailCell: Cell;
  /** Renders the row actions (Impersonate); only used for administrators. */
  actionsCell: Cell;
}

/**
 * The All Users columns (spec part 1 §2): email (link to edit user), firstName, lastName, label,
 * accountStatus (admin only), onboardingState, the admin-only Permissions columns, and, for
 * admins, the row actions. First and last name filters match from the start of the name. The
 * status (account status for admins, onboarding for others) and the actions stay in view.
 */
export function userColumns({
  admin,
  productName,
  emailCell,
  actionsCell,
}: ColumnOptions): DataGridColumn<DirectoryUser>[] {
  // The server matches names from their start: the filter box says so (no 'Contains' popup).
  const nameFilter = {
    filter: { type: 'text' },
    headerTooltip: 'Matches the start of the name',
    floatingFilterComponent: StartsWithFloatingFilter,
    suppressFloatingFilterButton: true,
    suppressHeaderFilterButton: true,
  } as const;
  const columns: DataGridColumn<DirectoryUser>[] = [
    {
      field: 'email',
      headerName: 'Email',
      sortable: true,
      filter: { type: 'text' },
      cellRenderer: emailCell,
      minWidth: 220,
    },
    {
      field: 'firstName',
      headerName: 'First Name',
      sortable: true,
      ...nameFilter,
    },
    {
      field: 'lastName',
      headerName: 'Last Name',
      sortable: true,
      ...nameFilter,
    },
    { field: 'label', headerName: 'Label', sortable: true, filter: { type: 'text' } },
  ];
  if (admin) {
    columns.push({
      field: 'accountStatus',
      headerName: 'Account Status',
      kind: 'status',
      sortable: true,
      ...labelledSet<DirectoryUser>(
        Object.keys(accountStatusDisplay),
        (v) => accountStatusDisplay[v as keyof typeof accountStatusDisplay]?.label ?? v,
      ),
    });
  }
  columns.push({
    field: 'onboardingState',
    headerName: 'Onboarding State',
    // The status that stays in view: the account's for administrators, else the onboarding.
    kind: admin ? undefined : 'status',
    sortable: true,
    ...labelledSet<DirectoryUser>(
      Object.keys(onboardingLabels),
      (v) => onboardingLabels[v as OnboardingState] ?? v,
    ),
  });
  if (admin) {
    // The Permissions group: the shared grid has flat columns, so each header names the group
    // in its tooltip and class.
    const permission = (field: keyof DirectoryUser, headerName: string) => ({
      field,
      headerName,
      headerTooltip: `Permissions: ${headerName}`,
      headerClass: 'permissions-group',
      valueFormatter: yesNo,
      minWidth: 120,
    });
    columns.push(
      permission('canAdmin', `Can Administrate ${productName}`),
      permission('canCreateSupplierEntity', 'Create Supplier'),
      permission('canCreateAgencyEntity', 'Create Agency'),
      permission('canCreateClientEntity', 'Create Client'),
      { colId: 'actions', headerName: 'Actions', cellRenderer: actionsCell, kind: 'actions' },
    );
  }
  return columns;
}
