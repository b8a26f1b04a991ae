import { api, unwrap } from '@/api/client';
import { useJobTemplateMutation } from '../hooks/use-job-template-mutation';

export const deleteRateCard = (id: number) =>
  unwrap(api.DELETE('/rate-card/{id}', { params: { path: { id } } }));

export const useDeleteRateCard = () => useJobTemplateMutation(deleteRateCard);
