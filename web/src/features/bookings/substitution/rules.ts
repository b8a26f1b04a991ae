/** What the substitute search reads of a candidate. */
export interface SubstituteLike {
  user: { fullName?: string; firstName?: string; lastName?: string; email?: string };
}

/** Substitute search (spec part 2 §2): the text matches the first name, last name or email. */
export function matchesSubstitute(s: SubstituteLike, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const { firstName = '', lastName = '', email = '' } = s.user;
  return [firstName, lastName, email].some((f) => f.toLowerCase().includes(q));
}
