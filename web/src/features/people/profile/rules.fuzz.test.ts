import { describe, expect, it } from 'vitest';
import { safeUrl } from './rules';

/**
 * A fuzz test of safeUrl without a new dependency: a seeded generator (the same inputs on every
 * run) strings together the pieces link attacks are made of, and each result is resolved by the
 * WHATWG URL parser, as the browser would resolve the href. Whatever safeUrl keeps must resolve
 * to http, https, mailto or tel (or not resolve at all, which a browser cannot follow). Raise
 * FUZZ_RUNS for a longer run.
 */
const PIECES = [
  'javascript',
  'JaVaScRiPt',
  'vbscript',
  'data',
  'file',
  'http',
  'https',
  'mailto',
  'tel',
  'blob',
  'about',
  ':',
  '://',
  '/',
  '//',
  '\\',
  '#',
  '?',
  '&colon;',
  '&#58;',
  '&#x3a;',
  '%3a',
  '%3A',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\uff1a',
  'alert(1)',
  'text/html,<script>',
  'evil.example',
  'a',
  '.',
  '..',
  '@',
  'x:y',
  '"',
  "'",
  '<',
  '>',
  '%00',
  '%0a',
];

/** mulberry32: a small seeded generator, so that a failure is the same on every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALLOWED = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The protocol a browser gives href on a Hive page, or undefined when it cannot resolve it. */
function resolvedProtocol(href: string): string | undefined {
  try {
    return new URL(href, 'https://hive.example/users/1').protocol;
  } catch {
    return undefined;
  }
}

describe('safeUrl under fuzzing', () => {
  it('keeps only links that resolve to http, https, mailto or tel', () => {
    const random = generator(20261125);
    const runs = Number(import.meta.env.FUZZ_RUNS ?? 2000);
    let kept = 0;
    let dropped = 0;
    for (let i = 0; i < runs; i++) {
      const n = 1 + Math.floor(random() * 6);
      let input = '';
      for (let j = 0; j < n; j++) input += PIECES[Math.floor(random() * PIECES.length)];
      const href = safeUrl(input);
      if (href === undefined) {
        dropped++;
        continue;
      }
      kept++;
      const protocol = resolvedProtocol(href);
      expect(
        protocol === undefined || ALLOWED.has(protocol),
        `${JSON.stringify(input)} kept as ${protocol}`,
      ).toBe(true);
    }
    // The generator reaches both sides of the rule.
    expect(kept).toBeGreaterThan(runs / 10);
    expect(dropped).toBeGreaterThan(runs / 10);
  });

  it.each([
    'javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    ' data:text/html,x',
    'JAVASCRIPT:x',
  ])('drops %j', (input) => {
    expect(safeUrl(input)).toBeUndefined();
  });
});
