import { describe, expect, it } from 'vitest';
import { formatBytes, percentDone, reportRows } from './reportProgress';

describe('report progress', () => {
  it('counts the bytes received for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(4_781_506)).toBe('4.56 MB');
  });

  it('has a percentage only when the length is known', () => {
    expect(percentDone({ received: 250, total: 1000 })).toBe(25);
    expect(percentDone({ received: 250, total: null })).toBeNull();
  });

  it('reads the number of orders the report holds', () => {
    expect(reportRows(new Headers({ 'X-Report-Rows': '42' }))).toBe(42);
    expect(reportRows(new Headers())).toBeNull();
  });
});
