import { api, unwrap } from '@/api/client';
import { useJobTemplateMutation } from '../hooks/use-job-template-mutation';

export const deletePlacementTemplate = (id: number) =>
  unwrap(api.DELETE('/placement-template/{id}', { params: { path: { id } } }));

export const useDeletePlacementTemplate = () => useJobTemplateMutation(deletePlacementTemplate);
