import { api, unwrap } from '@/api/client';

/** POST /entity/validate-iban: parses and checks an IBAN (isValid false when it is not one). */
export const validateIban = (iban: string) =>
  unwrap(api.POST('/entity/validate-iban', { body: { iban } }));
