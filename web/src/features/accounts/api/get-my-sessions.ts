import { api, unwrap } from '@/api/client';

/** The signed-in user's own sessions. */
export const getMySessions = () => unwrap(api.GET('/account/sessions'));
