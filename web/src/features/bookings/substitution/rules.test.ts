import { describe, expect, it } from 'vitest';
import { matchesSubstitute } from './rules';

describe('substitute search', () => {
  const s = {
    user: {
      fullName: 'Amelia Hughes',
      firstName: 'Amelia',
      lastName: 'Hughes',
      email: 'a.h@x.test',
    },
  };
  it('matches first name, last name and email, ignoring case', () => {
    expect(matchesSubstitute(s, '')).toBe(true);
    expect(matchesSubstitute(s, 'amel')).toBe(true);
    expect(matchesSubstitute(s, 'HUGH')).toBe(true);
    expect(matchesSubstitute(s, 'x.test')).toBe(true);
    expect(matchesSubstitute(s, 'Amelia Hughes')).toBe(false);
    expect(matchesSubstitute(s, 'oliver')).toBe(false);
  });
});
