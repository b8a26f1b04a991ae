import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useJobTemplateMutation } from '../hooks/use-job-template-mutation';

export const createJobTemplate = (body: components['schemas']['CreateJobTemplateBody']) =>
  unwrap(api.POST('/job-template', { body }));

export const useCreateJobTemplate = () => useJobTemplateMutation(createJobTemplate);
