import {
  IconBriefcase,
  IconBuilding,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCalendarOff,
  IconFileSpreadsheet,
  IconHome,
  IconLicense,
  IconLink,
  IconListDetails,
  IconPlus,
  IconTags,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { CurrentUser } from '@/api/types';
import { countOf } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  canCreateEntity,
  canListUsers,
  canSeeDirectoryLists,
  isAdmin,
  isClientManager,
  isClientOrAgencyManager,
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
 * Only screens that exist are listed: the spec's Document Builder, Dashboard and
 * guides join the navigation when their screens arrive (see placeholder-routes.tsx).
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
        label: 'Reports',
        to: paths.reports,
        icon: IconFileSpreadsheet,
        visible: isClientOrAgencyManager,
      },
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
];

/** The sections and entries this user sees; empty sections are dropped. */
export function visibleNav(user: CurrentUser): NavSection[] {
  return navSections
    .map((s) => ({ ...s, items: s.items.filter((i) => i.visible(user)) }))
    .filter((s) => s.items.length > 0);
}
