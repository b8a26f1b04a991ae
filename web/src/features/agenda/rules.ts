/**
 * The pure rules of the agenda page (spec part 2 §2 'Agenda', §4): whose agenda the caller sees,
 * its tabs and default tab, and which answers a row offers (read from the server's flags).
 */
import type { components } from '@/api/schema';
import type { CurrentUser } from '@/api/types';
import { isAdmin, isFreelancer } from '@/lib/permissions';

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
    empty:
      'Nothing critical: every placement in the next 48 hours is covered and every change acknowledged.',
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

/** The side of PATCH /instruction/status the viewer answers for. */
export type StatusSide = 'supplierStatus' | 'clientStatus';

/** What a row's buttons may do: the side they set and which answers are open. */
export interface Answers {
  side: StatusSide;
  accept: boolean;
  reject: boolean;
}

/**
 * A row's Accept and Reject, from the server's flags (canAccept, canReject and answerSide, the
 * answers of the rule the status write applies: internal/bookings InstructionActions); null when
 * the viewer may give neither, so a read-only viewer sees no button.
 */
export function answersOf(
  row: Pick<AgendaInstruction, 'canAccept' | 'canReject' | 'answerSide'>,
): Answers | null {
  if (!row.answerSide || (!row.canAccept && !row.canReject)) return null;
  return { side: `${row.answerSide}Status`, accept: row.canAccept, reject: row.canReject };
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

/** The webcal:// form of the feed's address, which calendar applications open as a subscription. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
