import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import { placeholderRoutes } from '../routes/placeholder-routes';
import { navSections, offersBadge, visibleNav } from './nav-items';

const labels = (needs: string[], extra = {}) =>
  visibleNav(makeUser({ needs, ...extra })).flatMap((s) => s.items.map((i) => i.label));

describe('visibleNav', () => {
  it('freelancers see bookings and agenda but no lists', () => {
    const l = labels(['freelancer'], { isFreelancer: true });
    expect(l).toEqual(expect.arrayContaining(['Bookings', 'Agenda']));
    expect(l).not.toContain('Users');
    expect(l).not.toContain('Configure Tags');
  });

  it('staff see lists; client managers also create entries', () => {
    // Every non-freelancer holds the staff need (auth.NeedStaff), which opens All Users.
    expect(labels(['staff'])).toContain('Users');
    expect(labels(['staff'])).not.toContain('Create Job Template');
    expect(labels([])).not.toContain('Users');
    const manager = labels(['client_manager']);
    expect(manager).toEqual(
      expect.arrayContaining([
        'Create Job Template',
        'Create or Connect User',
        'Create Legal Entity',
        'Job Templates',
      ]),
    );
    expect(labels(['agency_manager'])).not.toContain('Create Job Template');
    expect(labels(['create_entity:client'])).toContain('Create Entity');
  });

  it('admins see the administration and support entries', () => {
    const admin = labels(['admin'], { canAdmin: true });
    expect(admin).toEqual(expect.arrayContaining(['Configure Tags', 'Users']));
    const sections = visibleNav(makeUser({ canAdmin: true })).map((s) => s.title);
    expect(sections).toEqual([null, 'Create', 'Lists', 'Administration']);
  });

  it('Reports is for administrators and client or agency managers', () => {
    expect(labels(['admin'], { canAdmin: true })).toContain('Reports');
    expect(labels(['client_manager'])).toContain('Reports');
    expect(labels(['agency_manager'])).toContain('Reports');
    expect(labels(['department_manager'])).not.toContain('Reports');
    expect(labels(['staff'])).not.toContain('Reports');
    expect(labels(['freelancer'], { isFreelancer: true })).not.toContain('Reports');
  });

  it('links to no placeholder page, for any role', () => {
    const placeholders = placeholderRoutes.map((r) => r.path);
    expect(placeholders.length).toBeGreaterThan(0);
    // Every entry whatever its rule, then each role's own sidebar.
    const all = navSections.flatMap((s) => s.items.map((i) => i.to));
    expect(all.filter((to) => placeholders.includes(to))).toEqual([]);
    const roles = [
      makeUser({ needs: ['admin'], canAdmin: true }),
      makeUser({ needs: ['freelancer'], isFreelancer: true }),
      makeUser({ needs: [] }),
      makeUser({ needs: ['client_manager', 'department_manager'] }),
      makeUser({ needs: ['agency_manager'] }),
    ];
    for (const user of roles) {
      const links = visibleNav(user).flatMap((s) => s.items.map((i) => i.to));
      expect(links.filter((to) => placeholders.includes(to))).toEqual([]);
    }
  });

  it('the Agenda entry counts the offers awaiting an answer, singular for one, none for zero', () => {
    const agenda = (n: number) =>
      visibleNav(makeUser({ needs: ['freelancer'], isFreelancer: true, offersAwaitingAnswer: n }))
        .flatMap((s) => s.items)
        .find((i) => i.label === 'Agenda');
    const user = (n: number) => makeUser({ offersAwaitingAnswer: n });
    expect(agenda(3)?.badge?.(user(3))).toEqual({
      count: 3,
      label: '3 offers awaiting your answer',
    });
    expect(offersBadge(user(1))).toEqual({ count: 1, label: '1 offer awaiting your answer' });
    expect(offersBadge(user(0))).toBeNull();
  });
});
