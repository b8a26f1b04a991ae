// The SMTP sink of the mail journeys (e2e/smtp-sink.js) on its own, without Hive: a client
// speaking SMTP by hand sends a multipart message with a quoted-printable text part (a soft
// line break, an encoded character, a line starting with a dot) and a base64 HTML part, and a
// single-part one; the sink hands both back decoded, and a wait for a mail that never comes
// fails at its deadline naming what arrived.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startSmtpSink } from '../smtp-sink.js';

/** Sends `lines` one at a time, each after the server's answer to the one before. */
async function converse(url, lines) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.setEncoding('utf8');
  const answers = [];
  let pending = '';
  let resolveNext;
  socket.on('data', (chunk) => {
    pending += chunk;
    // An answer is complete at a line whose code is followed by a space (not '-').
    const done = pending.split('\r\n').filter((l) => /^\d{3} /.test(l));
    if (done.length > 0) {
      answers.push(pending);
      pending = '';
      resolveNext?.();
    }
  });
  const next = () => new Promise((r) => (resolveNext = r));
  await next(); // the greeting
  for (const line of lines) {
    const answered = next();
    socket.write(`${line}\r\n`);
    await answered;
  }
  socket.end();
  return answers;
}

const multipart = [
  'From: Hive <no-reply@hive.local>',
  'To: <felix@example.test>',
  'Subject: =?UTF-8?q?New_offer:_Caf=C3=A9?=',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative;',
  ' boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=UTF-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hello Felix, the caf=C3=A9 is a long li=',
  'ne.',
  '..starts with a dot',
  '--b1',
  'Content-Type: text/html; charset=UTF-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p><a href="http://hive.test/x">Open</a></p>').toString('base64'),
  '--b1--',
].join('\r\n');

describe('smtp sink', () => {
  test('keeps each message with its envelope and decoded parts', async () => {
    const sink = await startSmtpSink();
    try {
      const answers = await converse(sink.url, [
        'EHLO client',
        'MAIL FROM:<no-reply@hive.local>',
        'RCPT TO:<felix@example.test>',
        'DATA',
        `${multipart}\r\n.`,
        'RSET',
        'NOOP',
        'HELO client',
        'MAIL FROM:<no-reply@hive.local> BODY=7BIT',
        'RCPT TO:<ada@example.test>',
        'DATA',
        'Subject: Plain\r\n\r\nJust text.\r\n.',
        'QUIT',
      ]);
      assert.match(answers.at(-1), /^221 /);
      const first = await sink.waitFor((m) => m.to.includes('felix@example.test'));
      assert.equal(first.from, 'no-reply@hive.local');
      assert.equal(first.subject, 'New offer: Café');
      assert.equal(first.text, 'Hello Felix, the café is a long line.\r\n.starts with a dot');
      assert.equal(first.html, '<p><a href="http://hive.test/x">Open</a></p>');
      const second = await sink.waitFor((m) => m.to.includes('ada@example.test'));
      assert.deepEqual(
        { subject: second.subject, text: second.text, html: second.html },
        { subject: 'Plain', text: 'Just text.', html: '' },
      );
      assert.equal(sink.messages.length, 2);
    } finally {
      await sink.stop();
    }
  });

  test('a wait for a mail that never comes fails at its deadline, naming what arrived', async () => {
    const sink = await startSmtpSink();
    try {
      await converse(sink.url, [
        'HELO client',
        'MAIL FROM:<no-reply@hive.local>',
        'RCPT TO:<ada@example.test>',
        'DATA',
        'Subject: Other\r\n\r\nText.\r\n.',
        'QUIT',
      ]);
      await assert.rejects(
        sink.waitFor((m) => m.subject === 'Never', { timeout: 200, what: "the 'Never' mail" }),
        /the 'Never' mail did not arrive within 200 ms; arrived:\n {2}ada@example\.test: Other/,
      );
    } finally {
      await sink.stop();
    }
  });
});
