import type { components } from './schema';

type ErrorModel = components['schemas']['ErrorBody'];
export type ErrorDetail = NonNullable<ErrorModel['detail']>[number];

/** An HTTP error answered by the Hive API, in its one error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly detail: ErrorDetail[];

  constructor(status: number, errorCode: string, message: string, detail: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.detail = detail;
  }

  /** Builds an ApiError from a status and whatever body the server sent (JSON or text). */
  static from(status: number, body: unknown): ApiError {
    if (body && typeof body === 'object') {
      const b = body as Partial<ErrorModel>;
      return new ApiError(
        status,
        typeof b.errorCode === 'string' ? b.errorCode : '',
        typeof b.error === 'string' ? b.error : '',
        Array.isArray(b.detail) ? b.detail : [],
      );
    }
    return new ApiError(status, '', typeof body === 'string' ? body : '');
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
