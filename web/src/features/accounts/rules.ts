import type { components } from '@/api/schema';

/**
 * The accounts feature's rules: the browser side of passkeys (below) and a passkey's name (at
 * the end).
 *
 * The browser side of passkeys: the server sends WebAuthn's options with binary values in
 * base64url, and takes the browser's answer in WebAuthn's JSON form. These convert both ways
 * around navigator.credentials.create and .get, for browsers without
 * PublicKeyCredential.parseCreationOptionsFromJSON and toJSON.
 */

type Schemas = components['schemas'];
export type PasskeyCreationOptions = Schemas['PasskeyCreationOptions'];
export type PasskeyRequestOptions = Schemas['PasskeyRequestOptions'];
export type PasskeyAttestation = Schemas['PasskeyAttestation'];
export type PasskeyAssertion = Schemas['PasskeyAssertion'];

/** Bytes from base64url (padding optional). */
export function fromBase64url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** base64url without padding, from bytes. */
export function toBase64url(data: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.create === 'function'
  );
}

const descriptor = (d: Schemas['PasskeyDescriptor']): PublicKeyCredentialDescriptor => ({
  type: d.type as PublicKeyCredentialType,
  id: fromBase64url(d.id),
  ...(d.transports ? { transports: d.transports as AuthenticatorTransport[] } : {}),
});

/** The server's registration options as navigator.credentials.create takes them. */
export function creationOptions(o: PasskeyCreationOptions): PublicKeyCredentialCreationOptions {
  const selection = o.authenticatorSelection;
  return {
    challenge: fromBase64url(o.challenge),
    rp: { id: o.rp.id, name: o.rp.name },
    user: { id: fromBase64url(o.user.id), name: o.user.name, displayName: o.user.displayName },
    pubKeyCredParams: o.pubKeyCredParams.map((p) => ({
      type: p.type as PublicKeyCredentialType,
      alg: p.alg,
    })),
    ...(o.timeout ? { timeout: o.timeout } : {}),
    excludeCredentials: o.excludeCredentials.map(descriptor),
    authenticatorSelection: {
      ...(selection.residentKey
        ? { residentKey: selection.residentKey as ResidentKeyRequirement }
        : {}),
      requireResidentKey: selection.requireResidentKey ?? false,
      ...(selection.userVerification
        ? { userVerification: selection.userVerification as UserVerificationRequirement }
        : {}),
    },
    ...(o.attestation ? { attestation: o.attestation as AttestationConveyancePreference } : {}),
  };
}

/** The server's sign-in options as navigator.credentials.get takes them. */
export function requestOptions(o: PasskeyRequestOptions): PublicKeyCredentialRequestOptions {
  return {
    challenge: fromBase64url(o.challenge),
    rpId: o.rpId,
    ...(o.timeout ? { timeout: o.timeout } : {}),
    allowCredentials: o.allowCredentials.map(descriptor),
    ...(o.userVerification
      ? { userVerification: o.userVerification as UserVerificationRequirement }
      : {}),
  };
}

const attachment = (c: PublicKeyCredential) =>
  c.authenticatorAttachment ? { authenticatorAttachment: c.authenticatorAttachment } : {};

/** A new credential from navigator.credentials.create, in the JSON form the server takes. */
export function attestationJSON(c: PublicKeyCredential): PasskeyAttestation {
  const r = c.response as AuthenticatorAttestationResponse;
  const transports = typeof r.getTransports === 'function' ? r.getTransports() : [];
  return {
    id: c.id,
    rawId: toBase64url(c.rawId),
    type: c.type,
    ...attachment(c),
    response: {
      clientDataJSON: toBase64url(r.clientDataJSON),
      attestationObject: toBase64url(r.attestationObject),
      ...(transports.length > 0 ? { transports } : {}),
    },
    clientExtensionResults: {},
  };
}

/** A credential's answer from navigator.credentials.get, in the JSON form the server takes. */
export function assertionJSON(c: PublicKeyCredential): PasskeyAssertion {
  const r = c.response as AuthenticatorAssertionResponse;
  return {
    id: c.id,
    rawId: toBase64url(c.rawId),
    type: c.type,
    ...attachment(c),
    response: {
      clientDataJSON: toBase64url(r.clientDataJSON),
      authenticatorData: toBase64url(r.authenticatorData),
      signature: toBase64url(r.signature),
      ...(r.userHandle ? { userHandle: toBase64url(r.userHandle) } : {}),
    },
    clientExtensionResults: {},
  };
}

/** The text shown when the browser's passkey prompt ends without a passkey. */
export const PASSKEY_CANCELLED = 'No passkey was used. Try again when you are ready.';

/**
 * Whether an error of navigator.credentials is the person closing the prompt or choosing no
 * passkey (NotAllowedError, AbortError), which needs no error toast, only a word.
 */
export function isPromptCancelled(err: unknown): boolean {
  return (
    err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'AbortError')
  );
}

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
