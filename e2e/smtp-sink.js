// A minimal SMTP server for the browser journeys: it accepts every message on 127.0.0.1 and
// keeps it, so a test reads what Hive really sent over SMTP (its go-mail client, its MIME).
// No AUTH and no STARTTLS: Hive's smtp:// sender uses STARTTLS only when offered and logs in
// only when the URL carries a user, so smtp://127.0.0.1:<port> sends in clear, which is right
// for a server on the same machine.
import { createServer } from 'node:net';

/**
 * Starts the sink on a free port. Returns { url, messages, waitFor, stop }; each message is
 * { from, to[], data } with the parsed { subject, headers, text, html } beside them.
 */
export async function startSmtpSink() {
  const messages = [];
  const waiters = new Set();
  const sockets = new Set();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {}); // a client hanging up is not the test's failure
    socket.setEncoding('latin1'); // bytes as they are: MIME parts say their own charset
    let buffer = '';
    let envelope = { from: '', to: [] };
    let dataLines = null; // the message's lines while in DATA, else null
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 hive-e2e-sink ESMTP');

    socket.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (dataLines) {
          if (line === '.') {
            const data = dataLines.join('\r\n');
            dataLines = null;
            const message = { ...envelope, data, ...parseMessage(data) };
            envelope = { from: '', to: [] };
            messages.push(message);
            reply('250 2.0.0 queued');
            for (const w of [...waiters]) w.check();
          } else {
            // Dot-unstuffing (RFC 5321 4.5.2): a line starting with '.' was sent with one more.
            dataLines.push(line.startsWith('.') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const arg = line.slice(4).trim();
        switch (verb) {
          case 'EHLO':
            reply('250-hive-e2e-sink');
            reply('250 HELP');
            break;
          case 'HELO':
            reply('250 hive-e2e-sink');
            break;
          case 'MAIL':
            envelope = { from: address(arg), to: [] };
            reply('250 2.1.0 ok');
            break;
          case 'RCPT':
            envelope.to.push(address(arg));
            reply('250 2.1.5 ok');
            break;
          case 'DATA':
            if (envelope.to.length === 0) {
              reply('503 5.5.1 no recipients');
              break;
            }
            dataLines = [];
            reply('354 end with <CRLF>.<CRLF>');
            break;
          case 'RSET':
            envelope = { from: '', to: [] };
            reply('250 2.0.0 ok');
            break;
          case 'NOOP':
            reply('250 2.0.0 ok');
            break;
          case 'QUIT':
            reply('221 2.0.0 bye');
            socket.end();
            break;
          default:
            reply('502 5.5.2 not implemented');
        }
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /**
     * Resolves with the first message (from index `since` on) that `match` accepts, as soon as
     * it arrives; rejects after `timeout` ms, naming what did arrive.
     */
    waitFor(match, { since = 0, timeout = 30000, what = 'a matching mail' } = {}) {
      return new Promise((resolve, reject) => {
        const waiter = {
          check() {
            const found = messages.slice(since).find(match);
            if (!found) return;
            waiters.delete(waiter);
            clearTimeout(waiter.timer);
            resolve(found);
          },
        };
        waiter.timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.slice(since).map((m) => `${m.to.join(',')}: ${m.subject}`);
          reject(
            new Error(
              `${what} did not arrive within ${timeout} ms; arrived:\n  ${seen.join('\n  ')}`,
            ),
          );
        }, timeout);
        waiters.add(waiter);
        waiter.check();
      });
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The address inside 'FROM:<a@b> SIZE=…' or 'TO:<a@b>'. */
function address(arg) {
  const m = /<([^>]*)>/.exec(arg);
  return m ? m[1] : arg.replace(/^(FROM|TO):/i, '').trim();
}

/**
 * Parses an RFC 5322 message enough to read it: headers (unfolded, names lower-cased), the
 * decoded subject, and the first text/plain and text/html bodies, whether the message is one
 * part or multipart (alternative, mixed, nested), quoted-printable, base64 or 7/8 bit.
 */
export function parseMessage(raw) {
  const { headers, body } = splitPart(raw);
  const out = { headers, subject: decodeWords(headers.subject ?? ''), text: '', html: '' };
  collect(headers, body, out);
  return out;
}

function splitPart(raw) {
  const at = raw.indexOf('\r\n\r\n');
  const head = at >= 0 ? raw.slice(0, at) : raw;
  const body = at >= 0 ? raw.slice(at + 4) : '';
  const headers = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collect(headers, body, out) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'])?.[1];
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break; // the closing delimiter
      const { headers: h, body: b } = splitPart(part.replace(/^\r\n/, ''));
      collect(h, b.replace(/\r\n$/, ''), out);
    }
    return;
  }
  const text = decodeBody(body, headers['content-transfer-encoding']);
  if (type.startsWith('text/plain') && !out.text) out.text = text;
  if (type.startsWith('text/html') && !out.html) out.html = text;
}

/** A body's bytes (latin1-held) decoded by its transfer encoding, read as UTF-8. */
function decodeBody(body, encoding = '7bit') {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '') // soft line breaks
          .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

/** RFC 2047 encoded words (=?UTF-8?q?…?= and =?UTF-8?b?…?=) in a header. */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // the space between two encoded words is not text
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset, kind, text) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
