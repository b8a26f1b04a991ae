import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { applyServerErrors, serverFieldErrors } from './form-errors';

const validation = new ApiError(422, 'V-422', 'validation failed', [
  { loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' },
  { loc: ['body', 'address', 'postcode'], msg: 'Too long', type: 'value_error' },
  { loc: ['body'], msg: 'ignored: no field', type: 'value_error' },
]);

describe('serverFieldErrors', () => {
  it("maps loc to the field and prefixes 'Error: '", () => {
    expect(serverFieldErrors(validation)).toEqual({
      email: 'Error: Invalid email address',
      'address.postcode': 'Error: Too long',
    });
  });
  it('is empty for anything but 422', () => {
    expect(serverFieldErrors(new ApiError(400, 'A-105', 'x'))).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('applyServerErrors', () => {
  it('sets field errors and returns the form variant toast', () => {
    const form = { setErrors: vi.fn() };
    const toast = applyServerErrors(form, validation);
    expect(form.setErrors).toHaveBeenCalledWith({
      email: 'Error: Invalid email address',
      'address.postcode': 'Error: Too long',
    });
    expect(toast).toMatchObject({
      title: 'Validation Error',
      message: 'Correct the errors in the form and try again. validation failed',
      autoClose: 9000,
    });
  });
  it('returns the catalogue toast for other errors without touching the form', () => {
    const form = { setErrors: vi.fn() };
    expect(applyServerErrors(form, new ApiError(403, 'A-102', 'no')).title).toBe('Access Denied');
    expect(form.setErrors).not.toHaveBeenCalled();
  });
});
