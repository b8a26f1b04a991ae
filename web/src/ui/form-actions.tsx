import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's last row, right-aligned: Cancel where the form may be left without saving, and the
 * submit button (loading while the form submits). For a dialog that always has a way back and
 * may act without a form, see DialogActions.
 */
export function FormActions({
  submitting,
  onCancel,
  children,
}: {
  submitting: boolean;
  onCancel?: () => void;
  /** The submit button's text. */
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="xs">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        {children}
      </Button>
    </Group>
  );
}
