import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { DURATION, toastForError, toastForLoginError, toasts } from './catalogue';

const apiError = (status: number, errorCode = '', message = '') =>
  new ApiError(status, errorCode, message);

describe('toastForError (spec part 1 §8)', () => {
  it.each([
    [
      401,
      'A-100',
      'Authentication Error',
      'Invalid credentials. Please check your username and password.',
      5000,
    ],
    [403, 'A-102', 'Access Denied', "You don't have permission to access this resource.", 5000],
    [
      404,
      'N-404',
      'User Not Found',
      'The user account was not found. Please check your credentials.',
      5000,
    ],
    [503, 'S-503', 'S-503 Too many requests', 'Slow down, and try again in a bit.', 5000],
    [422, 'V-422', 'Validation Error', 'Correct the errors and try again.', 5000],
  ])('status %i', (status, code, title, message, autoClose) => {
    expect(toastForError(apiError(status, code, 'server text'))).toEqual({
      title,
      message,
      autoClose,
      kind: 'error',
    });
  });

  it.each([
    [400, 'A-105', 'Error Code A-105'],
    [409, 'C-409', 'Error Code C-409'],
    [413, 'S-413', 'Error Code S-413'],
    [500, 'S-500', 'Error Code S-500'],
  ])('other status %i shows the code and the server message for 9 s', (status, code, title) => {
    expect(toastForError(apiError(status, code, 'server text'))).toEqual({
      title,
      message: 'server text',
      autoClose: 9000,
      kind: 'error',
    });
  });

  it('falls back to the status when the body has no code', () => {
    expect(toastForError(apiError(418, '', 'teapot')).title).toBe('Error Code 418');
  });

  it.each([[new TypeError('Failed to fetch')], ['boom'], [undefined], [apiError(0)]])(
    'network or unknown failure %# is S-100',
    (err) => {
      expect(toastForError(err)).toEqual({
        title: 'S-100 Server Error',
        message: 'Cannot complete request',
        autoClose: DURATION.long,
        kind: 'error',
      });
    },
  );
});

describe('toastForLoginError', () => {
  it('401 is the authentication toast', () => {
    expect(toastForLoginError(apiError(401, 'A-101', 'Invalid credentials'))).toBe(
      toasts.authentication,
    );
  });
  it('other failures are Login Failed for 8 s with the message', () => {
    expect(toastForLoginError(apiError(500, 'S-500', 'database down'))).toEqual({
      title: 'Login Failed',
      message: 'database down',
      autoClose: 8000,
      kind: 'error',
    });
    expect(toastForLoginError(apiError(503, 'S-503', 'rate limited')).message).toBe(
      'Slow down, and try again in a bit.',
    );
    expect(toastForLoginError(new TypeError('offline')).message).toBe('Cannot complete request');
  });
});

describe('fixed toasts', () => {
  it('has the spec texts', () => {
    expect(toasts.loggedIn('Ada')).toMatchObject({
      title: 'Logged in',
      message: 'Login successful. Hello, Ada!',
    });
    expect(toasts.invalidToken).toMatchObject({
      title: 'Invalid Token',
      message: 'The token is invalid.',
      autoClose: 5000,
    });
    expect(toasts.oauthCannotStart).toMatchObject({
      title: 'OAuth Error',
      message: 'Failed to initiate login with the provider. Please try again.',
      autoClose: 5000,
    });
    expect(toasts.oauthFailed(null).message).toBe('OAuth authentication failed');
    expect(toasts.oauthFailed('denied').message).toBe('denied');
    expect(toasts.resourceMissing).toMatchObject({
      title: 'Error',
      message: 'That resource does not exist, or you lack permission to access it.',
    });
    expect(toasts.formValidation('Bad input')).toMatchObject({
      title: 'Validation Error',
      message: 'Correct the errors in the form and try again. Bad input',
      autoClose: 9000,
    });
  });
});

describe('counted toasts', () => {
  it('write one thing in the singular and several in the plural', () => {
    expect(toasts.instructionsUpdated(1).message).toBe('Successfully updated 1 instruction');
    expect(toasts.instructionsUpdated(5).message).toBe('Successfully updated 5 instructions');
    expect(toasts.instructionsSent(1, 0).message).toBe(
      'Sent out 1 new instruction. Skipped 0 existing instructions.',
    );
    expect(toasts.unavailabilityMarked(1).message).toBe('Marked 1 date as unavailable.');
    expect(toasts.bookingCreated(1).message).toBe('The booking was created with 1 placement.');
  });
});
