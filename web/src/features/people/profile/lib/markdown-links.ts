/** Schemes a markdown link or image may use (spec part 1 §2); everything else is made inert. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * The URL a markdown link may keep, or undefined to drop it: http, https, mailto and tel
 * addresses, and relative, hash (#x) or query (?x) forms. Anything else (javascript:, data:,
 * vbscript:, file: ...) becomes inert. Control characters and white space inside the scheme
 * (which browsers ignore) leave a scheme that is not on the list, so it is dropped too.
 */
export function safeUrl(url: string): string | undefined {
  const value = url.trim();
  if (value === '') return undefined;
  const colon = value.indexOf(':');
  const separator = value.search(/[/?#]/);
  // No scheme: a relative path, a hash or a query.
  if (colon === -1 || (separator !== -1 && separator < colon)) return value;
  const scheme = value.slice(0, colon).toLowerCase();
  return ALLOWED_SCHEMES.has(scheme) ? value : undefined;
}
