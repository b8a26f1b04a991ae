import { api, unwrap } from '@/api/client';

/** POST /entity/validate-company-number: the company lookup (or a format check when not configured). */
export const validateCompanyNumber = (companyNumber: string) =>
  unwrap(api.POST('/entity/validate-company-number', { body: { companyNumber } }));
