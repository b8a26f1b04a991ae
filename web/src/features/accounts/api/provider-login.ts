import { paths } from '@/lib/paths';

/** Where the browser goes back after provider login (session storage key). */
export const REDIRECT_PATH_KEY = 'hive.redirectPath';

export function providerLoginUrl(provider: string): string {
  return `/api/v1/auth/${encodeURIComponent(provider)}/login`;
}

/** Keeps the path to return to; public auth screens fall back to the bookings screen. */
export function storeRedirectPath(path: string): void {
  sessionStorage.setItem(REDIRECT_PATH_KEY, path);
}

/** Reads and forgets the stored path; only same-site paths outside the auth screens are used. */
export function takeRedirectPath(): string {
  const stored = sessionStorage.getItem(REDIRECT_PATH_KEY);
  sessionStorage.removeItem(REDIRECT_PATH_KEY);
  if (!stored || !stored.startsWith('/') || stored.startsWith('//')) return paths.bookings;
  const pathname = stored.split(/[?#]/)[0] ?? '';
  if (pathname === paths.login || pathname === paths.oauthCallback || pathname === paths.logout) {
    return paths.bookings;
  }
  return stored;
}

/** Leaves for the provider's login address (a full browser navigation). */
export function goToProvider(provider: string): void {
  window.location.assign(providerLoginUrl(provider));
}
