import { registerMessages, t, type MessageKey } from './messages.js';

describe('the message catalogue', () => {
  it('speaks the messages an area registers, in both languages', () => {
    const greeting = ['你好，{name}', 'Hello, {name}'] as const;
    registerMessages({ specGreeting: greeting });
    registerMessages({ specGreeting: greeting }); // the same file loaded again changes nothing
    expect(t('specGreeting' as MessageKey, { name: '王' }, 'zh')).toBe('你好，王');
    expect(t('specGreeting' as MessageKey, { name: 'Wang' }, 'en')).toBe('Hello, Wang');
  });

  it('refuses a key that another area already defines', () => {
    expect(() => registerMessages({ notFound: ['另一个', 'Another'] })).toThrow('The message "notFound" is defined twice');
  });

  it('names a key that no loaded area registered', () => {
    expect(() => t('neverRegistered' as MessageKey)).toThrow('The message "neverRegistered" is not registered');
  });
});
