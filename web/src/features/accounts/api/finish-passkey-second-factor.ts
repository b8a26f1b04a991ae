import { api, unwrap } from '@/api/client';
import type { Schemas } from '@/api/types';

/** The server checks the browser's answer and completes the pending sign-in. */
export const finishPasskeySecondFactor = (body: Schemas['FinishPasskeySecondFactorRequest']) =>
  unwrap(api.POST('/account/login/second-factor/passkey/finish', { body }));
