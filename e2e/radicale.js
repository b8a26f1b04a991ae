// A real CalDAV server for the journeys: Debian's radicale (tools/need-packages radicale) on a
// free loopback port with its own storage and plain htpasswd users, stopped with stop().
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function listening(port) {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** Starts radicale with users ({ name: password }); resolves with { url, request, stop }. */
export async function startRadicale(users) {
  const dir = mkdtempSync(join(tmpdir(), 'hive-e2e-radicale-'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'users'),
    Object.entries(users)
      .map(([u, p]) => `${u}:${p}\n`)
      .join(''),
  );
  writeFileSync(
    join(dir, 'config'),
    `[server]\nhosts = 127.0.0.1:${port}\n[auth]\ntype = htpasswd\nhtpasswd_filename = ${join(dir, 'users')}\n` +
      `htpasswd_encryption = plain\ndelay = 0\n[storage]\nfilesystem_folder = ${join(dir, 'collections')}\n` +
      `[rights]\ntype = owner_only\n[logging]\nlevel = warning\n`,
  );
  const proc = spawn('/usr/bin/radicale', ['--config', join(dir, 'config')], { stdio: 'ignore' });
  const deadline = Date.now() + 20000;
  while (!(await listening(port))) {
    if (Date.now() > deadline) throw new Error('radicale did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = `http://127.0.0.1:${port}/`;
  /** One request as user: resolves with { status, text }. */
  async function request(user, method, path, body, contentType) {
    const res = await fetch(url.slice(0, -1) + path, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${user}:${users[user]}`).toString('base64')}`,
        ...(contentType ? { 'Content-Type': contentType } : {}),
      },
      body,
    });
    return { status: res.status, text: await res.text() };
  }
  return {
    url,
    request,
    /** Creates calendar `name` of user; resolves with its path. */
    async makeCalendar(user, name) {
      const path = `/${user}/${name}/`;
      const { status, text } = await request(
        user,
        'MKCALENDAR',
        path,
        `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">` +
          `<D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`,
        'application/xml',
      );
      if (status !== 201) throw new Error(`MKCALENDAR ${path}: ${status} ${text}`);
      return path;
    },
    stop() {
      proc.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
