/** The rules of a passkey's name, as the server checks them (internal/accounts/passkeys.go). */
export const PASSKEY_NAME_MAX = 60;
export const PASSKEY_NAME_REQUIRED = 'Give the passkey a name';
export const PASSKEY_NAME_TOO_LONG = `A passkey's name is at most ${PASSKEY_NAME_MAX} characters`;

/** The name's error, or null when it may be sent. */
export function checkPasskeyName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return PASSKEY_NAME_REQUIRED;
  if ([...trimmed].length > PASSKEY_NAME_MAX) return PASSKEY_NAME_TOO_LONG;
  return null;
}

/** A name to offer for a new passkey: the kind of device this browser runs on. */
export function suggestedPasskeyName(userAgent: string): string {
  if (/iPhone/i.test(userAgent)) return 'iPhone';
  if (/iPad/i.test(userAgent)) return 'iPad';
  if (/Android/i.test(userAgent)) return 'Android phone';
  if (/Macintosh|Mac OS X/i.test(userAgent)) return 'Mac';
  if (/Windows/i.test(userAgent)) return 'Windows computer';
  if (/Linux|X11/i.test(userAgent)) return 'Linux computer';
  return 'Passkey';
}
