import { describe, expect, it } from 'vitest';
import { maskAccount } from './maskAccount';

describe('maskAccount', () => {
  it('keeps the first 3 and last 4 characters around six stars', () => {
    expect(maskAccount('13812345678')).toBe('138******5678');
    expect(maskAccount('admin_account')).toBe('adm******ount');
  });

  it('shows accounts too short to hide anything as they are', () => {
    expect(maskAccount('admin')).toBe('admin');
    expect(maskAccount('1234567')).toBe('1234567');
    expect(maskAccount('')).toBe('');
  });
});
