import { api, unwrap } from '@/api/client';

/** The server's options for creating a passkey, and the ceremony that finishes it. */
export const beginPasskeyRegistration = () => unwrap(api.POST('/account/passkeys/register/begin'));
