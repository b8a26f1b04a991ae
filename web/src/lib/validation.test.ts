import { describe, expect, it } from 'vitest';
import {
  stripWhitespace,
  validateEmail,
  validateLoginPassword,
  validateNewPassword,
} from './validation';
import sharedRules from '../../../internal/accounts/testdata/credential-rules.json';

describe('validation', () => {
  it('email', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
    expect(validateEmail('nobody')).toBe('Invalid email address');
    expect(validateEmail(' ada@example.com ')).toBeNull();
    expect(stripWhitespace(' ada @example.com\t')).toBe('ada@example.com');
  });
  it('login password 8 to 50', () => {
    expect(validateLoginPassword('')).toBe('Password is required');
    expect(validateLoginPassword('1234567')).toBe('Minimum length is 8 characters');
    expect(validateLoginPassword('x'.repeat(51))).toBe('Maximum length is 50 characters');
    expect(validateLoginPassword('x'.repeat(30))).toBeNull();
  });
  it('new password 8 to 50', () => {
    const msg = 'Password must be between 8 and 50 characters long.';
    expect(validateNewPassword('')).toBe('Password is required');
    expect(validateNewPassword('1234567')).toBe(msg);
    expect(validateNewPassword('x'.repeat(51))).toBe(msg);
    expect(validateNewPassword('x'.repeat(50))).toBeNull();
  });
});

// The Go rules are tested against the same table (internal/accounts/user_test.go).
interface RulesTable {
  emails: { input: string; error: string | null }[];
  passwords: { input: string; login: string | null; new: string | null }[];
}
const table = sharedRules as RulesTable;

describe('rules shared with the server', () => {
  it.each(table.emails)('email $input', ({ input, error }) => {
    expect(validateEmail(input)).toBe(error);
  });
  it.each(table.passwords)('password $input', ({ input, login, new: next }) => {
    expect(validateLoginPassword(input)).toBe(login);
    expect(validateNewPassword(input)).toBe(next);
  });
});
