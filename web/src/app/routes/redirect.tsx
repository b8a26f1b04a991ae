import { Navigate, useLocation } from 'react-router';
import { paths } from '@/lib/paths';

/** The internal redirect of spec part 2 §2 ('/r'). */
export const REDIRECT_PATH = paths.redirect;

/** What a screen puts in the navigation state to be sent on by /r. */
export interface RedirectState {
  to: string;
}

/**
 * Where /r goes: the path held in navigation state ({ to }), otherwise home. Only a path inside
 * this app is followed ('/...', not '//host' or '/\host', which browsers read as another site),
 * so no state can send the user elsewhere.
 */
export function redirectTarget(state: unknown): string {
  const to = (state as Partial<RedirectState> | null)?.to;
  if (typeof to === 'string' && /^\/(?![/\\])/.test(to)) return to;
  return paths.home;
}

/**
 * /r: replaces itself with the route held in navigation state, so going back skips it. The
 * target's own guard applies (a visitor sent to a signed-in screen lands on login).
 */
export function RedirectRoute() {
  const location = useLocation();
  return <Navigate to={redirectTarget(location.state)} replace />;
}
