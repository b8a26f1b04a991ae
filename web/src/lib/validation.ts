/** Validation rules and messages, in one place (spec part 1 §5). */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Minimum length is 8 characters',
  passwordMax: 'Maximum length is 50 characters',
  newPasswordLength: 'Password must be between 8 and 50 characters long.',
  fieldRequired: 'This field is required',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** Emails are sent without any whitespace. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '');
}

export function validateEmail(value: string): string | null {
  const email = stripWhitespace(value);
  if (!email) return messages.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return messages.emailInvalid;
  return null;
}

/** Password as typed on the login screen: 8 to 50 characters, the bounds of a new password (the spec's 30 would lock out long passwords; docs/decisions.md). */
export function validateLoginPassword(value: string): string | null {
  if (!value) return messages.passwordRequired;
  if (value.length < 8) return messages.passwordMin;
  if (value.length > 50) return messages.passwordMax;
  return null;
}

/** A new password: 8 to 50 characters. */
export function validateNewPassword(value: string): string | null {
  if (!value) return messages.passwordRequired;
  if (value.length < 8 || value.length > 50) return messages.newPasswordLength;
  return null;
}
