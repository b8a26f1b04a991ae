import { api } from '@/api/client';
import { ApiError } from '@/api/errors';
import { reportFileName, type ReportRequest } from '../rules';

/** A finished export: the file and its name. */
export interface ReportFile {
  blob: Blob;
  fileName: string;
}

/** The file name the server gave in Content-Disposition, if any. */
function dispositionName(header: string | null): string | null {
  const m = header?.match(/filename="([^"]+)"/);
  return m?.[1] ?? null;
}

/**
 * Runs POST /administration/report through the API client (its CSRF header included) and
 * gathers the streamed CSV into a Blob, reporting the bytes received so far as they arrive.
 * A refusal or failure throws the ApiError built from the answer's status and body.
 */
export async function exportReport(
  request: ReportRequest,
  onProgress: (bytes: number) => void = () => {},
): Promise<ReportFile> {
  const { response, error } = await api.POST('/administration/report', {
    body: request,
    parseAs: 'stream',
  });
  if (!response.ok) throw ApiError.from(response.status, error);
  const fileName =
    dispositionName(response.headers.get('Content-Disposition')) ?? reportFileName(request);
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  }
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName };
}

/** Saves a file through a temporary link, as the browser's download. */
export function saveFile({ blob, fileName }: ReportFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
