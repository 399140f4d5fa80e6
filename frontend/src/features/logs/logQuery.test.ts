import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toLogQuery } from './logQuery';

describe('toLogQuery', () => {
  it('turns the picked days into the first and last instant of those days', () => {
    const query = toLogQuery({ range: [dayjs('2026-11-01T15:30:00'), dayjs('2026-11-22T09:00:00')] });
    expect(query.from).toBe(new Date(2026, 10, 1, 0, 0, 0, 0).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 22, 23, 59, 59, 999).toISOString());
    expect(query).not.toHaveProperty('range');
  });

  it('leaves out an open end of the range', () => {
    const query = toLogQuery({ range: [dayjs('2026-11-01'), null] });
    expect(query.from).toBeDefined();
    expect(query).not.toHaveProperty('to');
  });

  it('trims the text and drops blank text', () => {
    expect(toLogQuery({ text: '  /api/v1 ' })).toEqual({ text: '/api/v1' });
    expect(toLogQuery({ text: '   ' })).toEqual({});
  });

  it('trims a pasted request id and drops a blank one', () => {
    expect(toLogQuery({ requestId: ' 0b9c6f1e-2d4a-4c61-9a57-3f0e8f6b2a10\n' })).toEqual({ requestId: '0b9c6f1e-2d4a-4c61-9a57-3f0e8f6b2a10' });
    expect(toLogQuery({ requestId: ' ' })).toEqual({});
  });

  it('keeps the user and the screen’s own filters', () => {
    expect(toLogQuery({ userId: 3, method: 'POST' })).toEqual({ userId: 3, method: 'POST' });
  });
});
