import { api, unwrap } from '@/api/client';
import type { Schemas } from '@/api/types';

/** The server checks the browser's answer and signs its user in. */
export const finishPasskeyLogin = (body: Schemas['FinishPasskeyLoginRequest']) =>
  unwrap(api.POST('/account/passkeys/login/finish', { body }));
