import { describe, expect, it } from 'vitest';
import { CUSTOMER_STAGES, customerStage, isPortalAccount, portalAccountKey, storedStagesOf } from './portal.js';

describe('the customer portal’s rules', () => {
  it('keeps a sign-in name one way: e-mails lower-cased, numbers without spaces or dashes, both trimmed', () => {
    expect(portalAccountKey('  Chen.Min@Example.COM ')).toBe('chen.min@example.com');
    expect(portalAccountKey(' 139-0000 0001 ')).toBe('13900000001');
    expect(portalAccountKey('+49 170 1234567')).toBe('+491701234567');
  });

  it('takes a mobile number or an e-mail address as the sign-in name, nothing else', () => {
    expect(['13900000001', '+491701234567', 'a@b.cn'].every(isPortalAccount)).toBe(true);
    expect(['', '12345', 'not an account', 'a@b', '@example.com', `${'a'.repeat(95)}@b.com`].some(isPortalAccount)).toBe(false);
  });

  it('hides finance’s commission stage: such an order reads, and is found, as delivered', () => {
    expect(customerStage('brokerage')).toBe('completeDelivery');
    expect(customerStage('sail')).toBe('sail');
    expect(CUSTOMER_STAGES).not.toContain('brokerage');
    expect(storedStagesOf('completeDelivery')).toEqual(['completeDelivery', 'brokerage']);
    expect(storedStagesOf('sail')).toEqual(['sail']);
  });
});
