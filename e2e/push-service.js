// A push service for the journeys: a local HTTP server that plays the browser vendors' push
// services. Each device is a P-256 key pair and an auth secret made here (as a browser makes
// them); a push posted to a device's endpoint is decrypted with its keys (RFC 8291, aes128gcm)
// and kept, so a journey can hand the very payload Hive sent to the browser's service worker.
import {
  createECDH,
  createDecipheriv,
  hkdfSync,
  randomBytes,
} from "node:crypto";
import { createServer } from "node:http";

const b64u = (buf) => Buffer.from(buf).toString("base64url");

/** Decrypts an aes128gcm push body for a device (its ECDH key and auth secret). */
export function decrypt(body, ecdh, auth) {
  const salt = body.subarray(0, 16);
  const idLen = body[20];
  const sender = body.subarray(21, 21 + idLen);
  const shared = ecdh.computeSecret(sender);
  const info = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    ecdh.getPublicKey(),
    sender,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, info, 32));
  const cek = Buffer.from(
    hkdfSync(
      "sha256",
      ikm,
      salt,
      Buffer.from("Content-Encoding: aes128gcm\0"),
      16,
    ),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const record = body.subarray(21 + idLen);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString("utf8");
}

/** Starts the service; stop() closes it. */
export async function startPushService() {
  const devices = new Map(); // path -> { ecdh, auth, received: [] }
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const device = devices.get(req.url);
      if (!device) {
        res.writeHead(404).end();
        return;
      }
      try {
        device.received.push(
          JSON.parse(decrypt(Buffer.concat(chunks), device.ecdh, device.auth)),
        );
        res.writeHead(201).end();
      } catch (err) {
        device.problems.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${server.address().port}`;
  let n = 0;
  return {
    /** A new device: its subscription (for POST /push/subscription) and what it received. */
    device() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${++n}`;
      const d = { ecdh, auth, received: [], problems: [] };
      devices.set(path, d);
      return {
        subscription: {
          endpoint: base + path,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
        },
        received: d.received,
        problems: d.problems,
      };
    },
    stop: () => new Promise((r) => server.close(r)),
  };
}
