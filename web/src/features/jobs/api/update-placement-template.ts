import { api, unwrap } from '@/api/client';
import { useJobTemplateMutation } from '../hooks/use-job-template-mutation';
import type { PlacementTemplateInput } from '../rules';

export const updatePlacementTemplate = ({
  id,
  body,
}: {
  id: number;
  body: PlacementTemplateInput & { version: number };
}) => unwrap(api.PATCH('/placement-template/{id}', { params: { path: { id } }, body }));

export const useUpdatePlacementTemplate = () => useJobTemplateMutation(updatePlacementTemplate);
