import { CSRF_HEADER, getCsrfToken } from '@/api/client';
import { ApiError } from '@/api/errors';

/**
 * Sends a file to path on this origin with the session's CSRF token (by fetch: the API client
 * sends JSON) and returns the JSON answer, null when there is none; a refusal throws the server's
 * ApiError.
 */
export async function sendFile(
  path: string,
  {
    method,
    body,
    headers,
  }: { method: 'PUT' | 'POST'; body: BodyInit; headers?: Record<string, string> },
): Promise<unknown> {
  const response = await globalThis.fetch(new URL(path, window.location.origin).toString(), {
    method,
    credentials: 'same-origin',
    headers: { ...headers, [CSRF_HEADER]: await getCsrfToken() },
    body,
  });
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    // not JSON
  }
  if (!response.ok) throw ApiError.from(response.status, answer);
  return answer;
}
