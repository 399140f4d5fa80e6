import { describe, expect, it } from 'vitest';
import { isPortalAccount } from './portal-account.js';

describe('isPortalAccount', () => {
  it('takes a mobile number, with or without country code and spacing, or an e-mail address', () => {
    for (const account of ['13800138000', '+8613800138000', '138 0013 8000', '+49 170-1234567', 'ops@acme-trading.com'])
      expect(isPortalAccount(account), account).toBe(true);
  });

  it('refuses names, short numbers and addresses without a domain', () => {
    for (const account of ['', 'zhangsan', '12345', 'ops@acme', '@acme.com', 'a b@acme.com']) expect(isPortalAccount(account), account).toBe(false);
  });
});
