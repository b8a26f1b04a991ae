/**
 * The bookings page's two views, as the Scheduler / Grid toggle names them on both pages. The
 * grid view's label is its page's title (spec part 2 §1: 'Recent Booking Changes'), so the
 * toggle says where it leads.
 */
export const GRID_VIEW_TITLE = 'Recent Booking Changes';

export const VIEW_OPTIONS: { value: 'scheduler' | 'grid'; label: string }[] = [
  { value: 'scheduler', label: 'Scheduler' },
  { value: 'grid', label: GRID_VIEW_TITLE },
];
