import { ApiError } from '@/api/errors';
import { jsonResponse } from './render';

/** The server's refusal as fetch would give it: the message and the error code of the catalogue. */
export function errorResponse(status: number, error: string, errorCode?: string): Response {
  return jsonResponse(errorCode === undefined ? { error } : { error, errorCode }, status);
}

/** The ApiError of a 422 that names one field of the body, as the client throws it. */
export function fieldRefusal(field: string, msg: string): ApiError {
  return new ApiError(422, 'V-422', 'validation failed', [
    { loc: ['body', field], msg, type: 'value_error' },
  ]);
}
