import { createContext, use, type ReactNode } from 'react';
import type { CurrentUser } from '@/api/types';

const CurrentUserContext = createContext<CurrentUser | null>(null);

/** Set by the session guard; features read the signed-in user through useCurrentUser. */
export function CurrentUserProvider({
  user,
  children,
}: {
  user: CurrentUser;
  children: ReactNode;
}) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user. Only valid below the session guard. */
export function useCurrentUser(): CurrentUser {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used below the session guard');
  return user;
}

/** Whether an administrator is acting as someone else (whoami, or the readable cookie). */
export function isImpersonating(
  user: Pick<CurrentUser, 'impersonator'> | null | undefined,
): boolean {
  if (user?.impersonator) return true;
  return (
    typeof document !== 'undefined' && /(?:^|;\s*)hive_impersonating=1(?:;|$)/.test(document.cookie)
  );
}
