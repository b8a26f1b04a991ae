import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetCsrfToken } from '@/api/client';
import type { CurrentUser } from '@/api/types';
import { storeSignedInUser } from '@/lib/session';

/**
 * A sign-up mutation (a freelancer's or a staff member's): errors are the form's to show, and a
 * user the server signed in (an active account) is stored as whoami.
 */
export function useSignUpMutation<Body>(signUp: (body: Body) => Promise<CurrentUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    meta: { silentErrors: true },
    onSuccess: (user) => {
      if (user.accountStatus !== 'active') return;
      resetCsrfToken();
      storeSignedInUser(queryClient, user);
    },
  });
}
