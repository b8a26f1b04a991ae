/**
 * The pure rules of the agenda page (spec part 2 §2 'Agenda', §4): whose agenda the caller sees,
 * its tabs and default tab, and which instruction rows may be accepted or rejected from a card.
 * The server applies the same rules (internal/agenda, internal/bookings/status); the page only
 * uses these to choose what to show.
 */
import type { components } from '@/api/schema';
import type { CurrentUser } from '@/api/types';
import { canManageDepartment, isAdmin, isFreelancer } from '@/lib/permissions';

export type AgendaView = components['schemas']['AgendaList']['view'];
export type AgendaTab = components['schemas']['AgendaList']['tab'];
export type AgendaStats = components['schemas']['AgendaStats'];
export type AgendaCard = components['schemas']['AgendaCard'];
export type AgendaInstruction = components['schemas']['AgendaInstruction'];

export interface TabInfo {
  value: AgendaTab;
  label: string;
  /** The field of GET /agenda/stats that counts this tab. */
  stat: keyof Omit<AgendaStats, 'view'>;
  /** What the tab says when it holds no card. */
  empty: string;
}

const TAB_INFO: Record<AgendaTab, TabInfo> = {
  outstanding: {
    value: 'outstanding',
    label: 'Outstanding',
    stat: 'outstanding',
    empty: 'Nothing outstanding.',
  },
  awaiting_confirmation: {
    value: 'awaiting_confirmation',
    label: 'Awaiting Confirmation',
    stat: 'awaitingConfirmation',
    empty: 'Nothing awaiting confirmation.',
  },
  confirmed: {
    value: 'confirmed',
    label: 'Confirmed',
    stat: 'confirmed',
    empty: 'Nothing confirmed yet.',
  },
  critical: {
    value: 'critical',
    label: 'Critical',
    stat: 'critical',
    empty: 'Nothing critical: every placement in the next 48 hours is covered.',
  },
  archived: { value: 'archived', label: 'Archived', stat: 'archived', empty: 'Nothing archived.' },
};

/** The tabs of each view, in order: Critical is a manager's tab only (spec §2). */
const TABS: Record<AgendaView, AgendaTab[]> = {
  freelancer: ['outstanding', 'awaiting_confirmation', 'confirmed', 'archived'],
  manager: ['outstanding', 'awaiting_confirmation', 'confirmed', 'critical', 'archived'],
};

export function tabsOf(view: AgendaView): TabInfo[] {
  return TABS[view].map((t) => TAB_INFO[t]);
}

/** Outstanding for a freelancer, Awaiting Confirmation for a manager (spec §2). */
export function defaultTab(view: AgendaView): AgendaTab {
  return view === 'freelancer' ? 'outstanding' : 'awaiting_confirmation';
}

/** The tab named in the URL when the view has it, else the view's default. */
export function tabFromUrl(value: string | null, view: AgendaView): AgendaTab {
  return TABS[view].find((t) => t === value) ?? defaultTab(view);
}

/**
 * The server's default view (internal/agenda ViewOf): a manager's for administrators and anyone
 * who may view a department, else a freelancer's for freelancers, else a manager's (empty). The
 * page sends it as ?as= so the tabs it draws and the cards it gets always agree.
 */
export function agendaViewOf(user: Pick<CurrentUser, 'canAdmin' | 'needs' | 'isFreelancer'>) {
  const viewsDepartments = (user.needs ?? []).some(
    (n) => n.startsWith('select_department:') || n.startsWith('manage_department:'),
  );
  if (isAdmin(user) || viewsDepartments) return 'manager' satisfies AgendaView;
  return (isFreelancer(user) ? 'freelancer' : 'manager') satisfies AgendaView;
}

const AWAITING = 'awaiting_response';
const CLOSED = new Set(['rejected', 'cancelled']);

/** The side of PATCH /instruction/status the viewer answers for. */
export type StatusSide = 'supplierStatus' | 'clientStatus';

/**
 * The side a row's Accept and Reject buttons set, or null when the state machine
 * (internal/bookings/status Apply) would refuse: the instruction and its placement must be live,
 * and the viewer's side still awaiting. A freelancer answers for the supplier on their own rows;
 * a manager for the client, in a department they manage.
 */
export function answerableSide(
  card: AgendaCard,
  row: AgendaInstruction,
  view: AgendaView,
  user: Pick<CurrentUser, 'id' | 'canAdmin' | 'needs' | 'isFreelancer'>,
): StatusSide | null {
  if (card.placement.deletedAt || row.deletedAt || row.substituted) return null;
  if (CLOSED.has(row.supplierStatus) || CLOSED.has(row.clientStatus)) return null;
  if (view === 'freelancer') {
    return row.userId === user.id && row.supplierStatus === AWAITING ? 'supplierStatus' : null;
  }
  return canManageDepartment(user, card.departmentId) && row.clientStatus === AWAITING
    ? 'clientStatus'
    : null;
}

/** The placement title, with the booking's when it says something more (spec §2 card). */
export function cardTitle(card: AgendaCard): { placement: string; booking: string | null } {
  const booking = card.bookingTitle.trim();
  const same = !booking || booking.toLowerCase() === card.placement.title.trim().toLowerCase();
  return { placement: card.placement.title, booking: same ? null : booking };
}

/** A row's name: the instructed user's, as the server spells it. */
export function instructedName(row: AgendaInstruction): string {
  return row.user?.fullName || row.fullName;
}
