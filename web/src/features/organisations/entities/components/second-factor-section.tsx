import { Switch, Text } from '@mantine/core';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { SectionCard } from '@/ui/section-card';
import { useSetEntitySecondFactor } from '../api/second-factor-required';

/**
 * Administrators only: whether the entity's managers (and its departments' managers) must sign in
 * with two-step sign-in. With it on, a manager without it is sent to set it up before anything else.
 */
export function SecondFactorSection({
  entityId,
  required,
}: {
  entityId: number;
  required: boolean;
}) {
  const set = useSetEntitySecondFactor(entityId);
  return (
    <SectionCard headingId="entity-second-factor" title="Sign-in">
      <Switch
        label="Require two-step sign-in of this entity's managers"
        description="Managers of the entity and of its departments must use an authenticator app at sign-in."
        checked={required}
        disabled={set.isPending}
        onChange={(e) =>
          set.mutate(e.currentTarget.checked, {
            onSuccess: (saved) => notify(toasts.entitySaved(saved.name)),
            onError: (err) =>
              notify(
                isApiError(err)
                  ? toasts.errorCode(err.errorCode || String(err.status), err.message)
                  : toasts.serverError,
              ),
          })
        }
      />
      {set.isPending && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          Saving...
        </Text>
      )}
    </SectionCard>
  );
}
