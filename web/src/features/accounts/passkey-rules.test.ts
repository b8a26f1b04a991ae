import { describe, expect, it } from 'vitest';
import {
  checkPasskeyName,
  PASSKEY_NAME_REQUIRED,
  PASSKEY_NAME_TOO_LONG,
  suggestedPasskeyName,
} from './passkey-rules';

describe('passkey names', () => {
  it('needs a name of at most 60 characters, blanks trimmed', () => {
    expect(checkPasskeyName('   ')).toBe(PASSKEY_NAME_REQUIRED);
    expect(checkPasskeyName(' Phone ')).toBeNull();
    expect(checkPasskeyName('x'.repeat(60))).toBeNull();
    expect(checkPasskeyName('x'.repeat(61))).toBe(PASSKEY_NAME_TOO_LONG);
    expect(checkPasskeyName('🔑'.repeat(60))).toBeNull();
  });

  it('suggests the kind of device', () => {
    expect(suggestedPasskeyName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(
      'iPhone',
    );
    expect(suggestedPasskeyName('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe(
      'Linux computer',
    );
    expect(suggestedPasskeyName('')).toBe('Passkey');
  });
});
