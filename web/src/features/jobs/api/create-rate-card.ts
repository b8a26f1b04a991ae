import { api, unwrap } from '@/api/client';
import { useJobTemplateMutation } from '../hooks/use-job-template-mutation';

export const createRateCard = (body: {
  placementTemplateId: number;
  userId: number;
  sellRate: {
    rate: number;
    currency: 'GBP' | 'EUR' | 'USD' | 'AUD';
    period: 'hour' | 'day' | 'week' | 'month' | 'year';
  };
}) => unwrap(api.POST('/rate-card', { body }));

export const useCreateRateCard = () => useJobTemplateMutation(createRateCard);
