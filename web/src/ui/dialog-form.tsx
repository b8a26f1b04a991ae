import type { ComponentPropsWithoutRef, FormEvent } from 'react';

type Props = Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * The form of a dialog opened from inside another form (the profile form's Set Password, Change
 * email). The modal renders in a portal, but React bubbles its submit to the outer form; this one
 * stops it there. Validation is the form library's, not the browser's.
 */
export function DialogForm({ onSubmit, ...props }: Props) {
  return (
    <form
      noValidate
      {...props}
      onSubmit={(e) => {
        e.stopPropagation();
        onSubmit(e);
      }}
    />
  );
}
