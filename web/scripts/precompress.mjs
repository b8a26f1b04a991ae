// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the built app,
// at the highest levels: the work is done once at build time, and the server (httpapi.SPA) sends
// whichever copy the browser accepts, so no request pays for compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.ico', '.webmanifest']);
// Below this size the encoded copy saves less than the header costs.
const minBytes = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const dist = process.argv[2] ?? 'dist';
for (const path of files(dist)) {
  if (!compressible.has(extname(path))) continue;
  const body = readFileSync(path);
  if (body.length < minBytes) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  // A copy no smaller than the original is useless: the server then sends the original.
  if (br.length < body.length) writeFileSync(`${path}.br`, br);
  if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
}
