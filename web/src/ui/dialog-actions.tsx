import { Button, Group, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = ButtonProps & {
  /** Leaves the dialog without acting. */
  onBack: () => void;
  /** The leaving button's text. */
  backLabel?: string;
  /** The action; without it the action button submits the dialog's form. */
  onAction?: () => void;
  /** The action button's text. */
  children: ReactNode;
};

/**
 * A dialog's last row, right-aligned: a quiet button that leaves (Back unless named otherwise)
 * and the action button, styled by the remaining props (colour, loading, disabled).
 */
export function DialogActions({
  onBack,
  backLabel = 'Back',
  onAction,
  children,
  ...action
}: Props) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onBack}>
        {backLabel}
      </Button>
      <Button type={onAction ? 'button' : 'submit'} onClick={onAction} {...action}>
        {children}
      </Button>
    </Group>
  );
}
