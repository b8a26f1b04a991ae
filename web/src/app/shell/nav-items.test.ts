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
    expect(sections).toEqual([null, 'Create', 'Lists', 'Administration', 'Support']);
    expect(admin).toEqual(expect.arrayContaining(['User Guide', 'Admin Guide']));
  });

  it('guides, document signing and the document builder follow spec part 1 §6', () => {
    const freelancer = labels(['freelancer'], { isFreelancer: true });
    expect(freelancer).toEqual(expect.arrayContaining(['Document Signing', 'User Guide']));
    expect(freelancer).not.toContain('Admin Guide');
    expect(freelancer).not.toContain('Document Builder');
    expect(labels(['staff'])).not.toContain('Document Builder');
    expect(labels(['department_manager'])).toEqual(
      expect.arrayContaining(['Document Builder', 'Document Signing', 'User Guide']),
    );
    expect(labels(['department_manager'])).not.toContain('Admin Guide');
    expect(labels(['admin'], { canAdmin: true })).toContain('Document Builder');
    const support = visibleNav(makeUser({ needs: [] })).find((s) => s.title === 'Support');
    expect(support?.items.map((i) => i.label)).toEqual(['User Guide']);
  });

  it('Reports is for administrators and client or agency managers', () => {
    expect(labels(['admin'], { canAdmin: true })).toContain('Reports');
    expect(labels(['client_manager'])).toContain('Reports');
    expect(labels(['agency_manager'])).toContain('Reports');
    expect(labels(['department_manager'])).not.toContain('Reports');
    expect(labels(['staff'])).not.toContain('Reports');
    expect(labels(['freelancer'], { isFreelancer: true })).not.toContain('Reports');
  });

  it('Dashboard is for administrators and managers of a department, never freelancers', () => {
    expect(labels(['admin'], { canAdmin: true })).toContain('Dashboard');
    expect(labels(['client_manager', 'department_manager', 'manage_department:3'])).toContain(
      'Dashboard',
    );
    expect(labels(['department_manager', 'manage_department:3'])).toContain('Dashboard');
    expect(labels(['staff', 'select_department:3'])).not.toContain('Dashboard');
    expect(labels(['freelancer', 'manage_department:3'], { isFreelancer: true })).not.toContain(
      'Dashboard',
    );
  });

  it('links to no placeholder page, for any role', () => {
    const placeholders = placeholderRoutes.map((r) => r.path);
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
