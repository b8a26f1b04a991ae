import { applicationServerKey, pushSupport, subscriptionBody } from './rules';

describe('push rules', () => {
  it('says what the browser can do', () => {
    expect(pushSupport({ serviceWorker: true, pushManager: true, permission: 'default' })).toBe(
      'available',
    );
    expect(pushSupport({ serviceWorker: true, pushManager: true, permission: 'denied' })).toBe(
      'blocked',
    );
    expect(pushSupport({ serviceWorker: true, pushManager: false, permission: 'default' })).toBe(
      'unsupported',
    );
    expect(pushSupport({ serviceWorker: true, pushManager: true, permission: undefined })).toBe(
      'unsupported',
    );
  });

  it('reads the VAPID key as the 65 bytes of an uncompressed P-256 point', () => {
    const key = applicationServerKey(
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    );
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(key[64]).toBe(0x0e);
  });

  it("takes the browser's subscription JSON as the server's body", () => {
    expect(
      subscriptionBody({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
    ).toEqual({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } });
  });
});
