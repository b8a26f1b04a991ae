import { api, unwrap } from '@/api/client';
import { useJobTemplateMutation } from '../hooks/use-job-template-mutation';
import type { PlacementTemplateInput } from '../rules';

export const addPlacementTemplate = ({
  jobTemplateId,
  body,
}: {
  jobTemplateId: number;
  body: PlacementTemplateInput;
}) =>
  unwrap(
    api.POST('/job-template/{id}/placement-template', {
      params: { path: { id: jobTemplateId } },
      body,
    }),
  );

export const useAddPlacementTemplate = () => useJobTemplateMutation(addPlacementTemplate);
