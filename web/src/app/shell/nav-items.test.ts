import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import { visibleNav } from './nav-items';

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
    expect(labels([])).toContain('Users');
    expect(labels([])).not.toContain('Create Job Template');
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
    expect(labels(['department_manager'])).toContain('Document Builder');
    expect(labels(['create_entity:client'])).toContain('Create Entity');
  });

  it('admins see the administration and support entries', () => {
    const admin = labels(['admin'], { canAdmin: true });
    expect(admin).toEqual(
      expect.arrayContaining(['Configure Tags', 'Dashboard', 'Admin Guide', 'Users']),
    );
    const sections = visibleNav(makeUser({ canAdmin: true })).map((s) => s.title);
    expect(sections).toEqual([null, 'Create', 'Lists', 'Administration', 'Support']);
  });
});
