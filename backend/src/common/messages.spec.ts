import { registerMessages, t, type MessageKey } from './messages.js';
import '../finance/finance.messages.js';

describe('the message catalogue', () => {
  it('speaks the messages an area registers, in both languages', () => {
    expect(t('financeOrderVoided', { no: 'SB2611230001' }, 'zh')).toBe('订单 SB2611230001 已作废');
    expect(t('financeOrderVoided', { no: 'SB2611230001' }, 'en')).toBe('Order SB2611230001 is voided');
  });

  it('refuses a key that another area already defines', () => {
    expect(() => registerMessages({ notFound: ['另一个', 'Another'] })).toThrow('The message "notFound" is defined twice');
  });

  it('names a key that no loaded area registered', () => {
    expect(() => t('neverRegistered' as MessageKey)).toThrow('The message "neverRegistered" is not registered');
  });
});
