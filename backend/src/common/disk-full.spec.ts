import { isDiskFull } from './disk-full.js';

describe('isDiskFull', () => {
  const fault = (code: string, cause?: unknown) => Object.assign(new Error(code, { cause }), { code });

  it('knows a full disk and a used-up disk quota, also when another error wraps them', () => {
    expect(isDiskFull(fault('ENOSPC'))).toBe(true);
    expect(isDiskFull(fault('EDQUOT'))).toBe(true);
    expect(isDiskFull(new Error('upload failed', { cause: fault('ENOSPC') }))).toBe(true);
  });

  it('takes no other error for one', () => {
    for (const error of [fault('EACCES'), fault('ECONNREFUSED', fault('EPIPE')), new Error('ENOSPC in a message only'), 'ENOSPC', null, undefined]) {
      expect(isDiskFull(error)).toBe(false);
    }
  });

  it('stops walking a chain of causes that loops', () => {
    const looping = fault('EIO');
    (looping as { cause?: unknown }).cause = looping;
    expect(isDiskFull(looping)).toBe(false);
  });
});
