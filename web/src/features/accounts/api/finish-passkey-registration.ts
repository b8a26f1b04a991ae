import { api, unwrap } from '@/api/client';
import type { Schemas } from '@/api/types';

/** The server keeps the passkey the browser created, under the name given. */
export const finishPasskeyRegistration = (body: Schemas['FinishPasskeyRegistrationRequest']) =>
  unwrap(api.POST('/account/passkeys/register/finish', { body }));
