import { SchedulerPage } from '../components/scheduler-page';

/** /bookings: the scheduler calendar (spec part 2 §2 'Scheduler page'). */
export function SchedulerRoute() {
  return <SchedulerPage />;
}

export { SchedulerRoute as Component };
