import { describe, expect, it } from 'vitest';
import {
  assertionJSON,
  checkPasskeyName,
  creationOptions,
  fromBase64url,
  isPromptCancelled,
  PASSKEY_NAME_REQUIRED,
  PASSKEY_NAME_TOO_LONG,
  requestOptions,
  suggestedPasskeyName,
  toBase64url,
} from './rules';

const bytes = (...b: number[]) => new Uint8Array(b).buffer;

describe('base64url', () => {
  it('round-trips every byte value, without padding or + and /', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const text = toBase64url(all);
    expect(text).not.toMatch(/[+/=]/);
    expect(new Uint8Array(fromBase64url(text))).toEqual(all);
  });

  it('reads the lengths that need padding', () => {
    expect(new Uint8Array(fromBase64url('_w'))).toEqual(new Uint8Array([255]));
    expect(new Uint8Array(fromBase64url('-_8'))).toEqual(new Uint8Array([251, 255]));
    expect(toBase64url(bytes(251, 255))).toBe('-_8');
  });

  it('encodes a view of part of a buffer as that part only', () => {
    const whole = new Uint8Array([1, 2, 3, 4]);
    expect(toBase64url(whole.subarray(1, 3))).toBe(toBase64url(bytes(2, 3)));
  });
});

describe('options', () => {
  it('turns the registration options into the browser form', () => {
    const o = creationOptions({
      challenge: 'AQID',
      rp: { id: 'hive.example', name: 'Hive' },
      user: { id: 'BAU', name: 'ada@example.com', displayName: 'Ada Lovelace' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      timeout: 300000,
      excludeCredentials: [{ type: 'public-key', id: 'Bg', transports: ['internal'] }],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
      attestation: 'none',
    });
    expect(new Uint8Array(o.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(new Uint8Array(o.user.id as ArrayBuffer)).toEqual(new Uint8Array([4, 5]));
    expect(o.excludeCredentials?.[0]).toMatchObject({
      type: 'public-key',
      transports: ['internal'],
    });
    expect(new Uint8Array(o.excludeCredentials![0]!.id as ArrayBuffer)).toEqual(
      new Uint8Array([6]),
    );
    expect(o.authenticatorSelection).toEqual({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(o.rp).toEqual({ id: 'hive.example', name: 'Hive' });
  });

  it('asks a discoverable sign-in with no credentials named', () => {
    const o = requestOptions({
      challenge: 'AQID',
      rpId: 'hive.example',
      allowCredentials: [],
      userVerification: 'required',
    });
    expect(o.allowCredentials).toEqual([]);
    expect(o.rpId).toBe('hive.example');
    expect(o.userVerification).toBe('required');
  });
});

describe('answers', () => {
  it('sends an assertion in the JSON form, with the user handle', () => {
    const credential = {
      id: 'Bg',
      rawId: bytes(6),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: bytes(1),
        authenticatorData: bytes(2),
        signature: bytes(3),
        userHandle: bytes(4, 5),
      },
    } as unknown as PublicKeyCredential;
    expect(assertionJSON(credential)).toEqual({
      id: 'Bg',
      rawId: 'Bg',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: 'AQ',
        authenticatorData: 'Ag',
        signature: 'Aw',
        userHandle: 'BAU',
      },
      clientExtensionResults: {},
    });
  });

  it('tells a closed prompt from a failure', () => {
    expect(isPromptCancelled(new DOMException('closed', 'NotAllowedError'))).toBe(true);
    expect(isPromptCancelled(new DOMException('late', 'AbortError'))).toBe(true);
    expect(isPromptCancelled(new DOMException('bad', 'SecurityError'))).toBe(false);
    expect(isPromptCancelled(new Error('boom'))).toBe(false);
  });
});

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
