import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useJobTemplateMutation } from '../hooks/use-job-template-mutation';

export const updateJobTemplate = ({
  id,
  ...body
}: { id: number } & components['schemas']['UpdateJobTemplateBody']) =>
  unwrap(api.PATCH('/job-template/{id}', { params: { path: { id } }, body }));

export const useUpdateJobTemplate = () => useJobTemplateMutation(updateJobTemplate);
