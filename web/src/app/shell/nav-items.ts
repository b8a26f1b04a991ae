import {
  IconBook,
  IconBook2,
  IconBriefcase,
  IconBuilding,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconChartBar,
  IconClockHour4,
  IconCalendarOff,
  IconFilePencil,
  IconFileSpreadsheet,
  IconHome,
  IconLicense,
  IconLink,
  IconListDetails,
  IconPlus,
  IconReceipt,
  IconSignature,
  IconTags,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { CurrentUser } from '@/api/types';
// The features' rules files, not their public entries: an entry also exports components (a
// legal entity page's cards), which would otherwise load with the shell on every first screen.
import { canSeeDashboard } from '@/features/dashboard/rules';
import { canSeeInvoices } from '@/features/invoices/rules';
import { canSeeTimesheets, timesheetsBadge } from '@/features/timesheets/rules';
import { countOf } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  canCreateEntity,
  canListUsers,
  canSeeDirectoryLists,
  isAdmin,
  isClientManager,
  isClientOrAgencyManager,
  isDepartmentManager,
  isFreelancer,
} from '@/lib/permissions';

/** A count shown on an entry: the number, and what it counts for screen readers and tooltips. */
export interface NavBadge {
  count: number;
  label: string;
}

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  visible: (user: CurrentUser) => boolean;
  /** What waits for the user there (from whoami); no badge when null. */
  badge?: (user: CurrentUser) => NavBadge | null;
}

/**
 * The offers awaiting the user's answer on the Agenda (whoami's offersAwaitingAnswer, counted by
 * the server with the agenda's own Outstanding rule), or nothing when there are none.
 */
export function offersBadge(user: Pick<CurrentUser, 'offersAwaitingAnswer'>): NavBadge | null {
  const count = user.offersAwaitingAnswer ?? 0;
  if (count <= 0) return null;
  return { count, label: `${countOf(count, 'offer')} awaiting your answer` };
}

export interface NavSection {
  title: string | null;
  items: NavItem[];
}

const everyone = () => true;

/**
 * The sidebar, by section, each entry with its permission rule (spec part 1 §6).
 * Only screens that exist are listed (placeholder-routes.tsx holds the spec's screens still to
 * come). Support holds the guides: the User Guide for everyone, the Admin Guide for admins.
 */
export const navSections: NavSection[] = [
  {
    title: null,
    items: [
      { label: 'Home', to: paths.home, icon: IconHome, visible: everyone },
      { label: 'Bookings', to: paths.bookings, icon: IconCalendarEvent, visible: everyone },
      {
        label: 'Agenda',
        to: paths.agenda,
        icon: IconListDetails,
        visible: everyone,
        badge: offersBadge,
      },
      {
        label: 'Availability',
        to: paths.availability,
        icon: IconCalendarOff,
        visible: isFreelancer,
      },
      {
        label: 'Timesheets',
        to: paths.timesheets,
        icon: IconClockHour4,
        visible: canSeeTimesheets,
        badge: timesheetsBadge,
      },
      {
        label: 'Document Signing',
        to: paths.documentSigning,
        icon: IconSignature,
        visible: everyone,
      },
      {
        label: 'Invoices',
        to: paths.invoices,
        icon: IconReceipt,
        visible: canSeeInvoices,
      },
      {
        label: 'Reports',
        to: paths.reports,
        icon: IconFileSpreadsheet,
        visible: isClientOrAgencyManager,
      },
      { label: 'Dashboard', to: paths.dashboard, icon: IconChartBar, visible: canSeeDashboard },
    ],
  },
  {
    title: 'Create',
    items: [
      {
        label: 'Create Job Template',
        to: paths.createJobTemplate,
        icon: IconPlus,
        visible: (u) => isAdmin(u) || isClientManager(u),
      },
      {
        label: 'Create or Connect User',
        to: paths.createOrConnectUser,
        icon: IconUserPlus,
        visible: isClientOrAgencyManager,
      },
      {
        label: 'Create Entity',
        to: paths.createEntity,
        icon: IconBuilding,
        visible: (u) => canCreateEntity(u),
      },
      {
        label: 'Create Legal Entity',
        to: paths.createLegalEntity,
        icon: IconLicense,
        visible: isClientOrAgencyManager,
      },
      {
        label: 'Document Builder',
        to: paths.documentBuilder,
        icon: IconFilePencil,
        visible: isDepartmentManager,
      },
    ],
  },
  {
    title: 'Lists',
    items: [
      { label: 'Users', to: paths.users, icon: IconUsers, visible: canListUsers },
      {
        label: 'Departments',
        to: paths.departments,
        icon: IconBuildingCommunity,
        visible: canSeeDirectoryLists,
      },
      { label: 'Entities', to: paths.entities, icon: IconBuilding, visible: canSeeDirectoryLists },
      {
        label: 'Legal Entities',
        to: paths.legalEntities,
        icon: IconLicense,
        visible: canSeeDirectoryLists,
      },
      {
        label: 'User-Entity Links',
        to: paths.userEntityLinks,
        icon: IconLink,
        visible: canSeeDirectoryLists,
      },
      {
        label: 'User-Department Links',
        to: paths.userDepartmentLinks,
        icon: IconLink,
        visible: canSeeDirectoryLists,
      },
      {
        label: 'Job Templates',
        to: paths.jobTemplates,
        icon: IconBriefcase,
        visible: isClientOrAgencyManager,
      },
    ],
  },
  {
    title: 'Administration',
    items: [{ label: 'Configure Tags', to: paths.configureTags, icon: IconTags, visible: isAdmin }],
  },
  {
    title: 'Support',
    items: [
      { label: 'User Guide', to: paths.userGuide, icon: IconBook, visible: everyone },
      { label: 'Admin Guide', to: paths.adminGuide, icon: IconBook2, visible: isAdmin },
    ],
  },
];

/** The sections and entries this user sees; empty sections are dropped. */
export function visibleNav(user: CurrentUser): NavSection[] {
  return navSections
    .map((s) => ({ ...s, items: s.items.filter((i) => i.visible(user)) }))
    .filter((s) => s.items.length > 0);
}
