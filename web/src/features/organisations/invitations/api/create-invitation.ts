import { api, unwrap } from '@/api/client';
import { useFormMutation } from '@/lib/form-mutation';
import type { InvitationFormOutput } from '../components/invitation-form';
import { invitationKeys } from '@/lib/query-keys';

export const createInvitation = (body: InvitationFormOutput) =>
  unwrap(api.POST('/invitation', { body }));

/** Sends an invitation; the form shows errors itself. Refreshes the invitation lists. */
export const useCreateInvitation = () =>
  useFormMutation(createInvitation, { refresh: [invitationKeys.all] });
