import { serverSentEvent } from './server-sent-events.js';

describe('SSE framing', () => {
  it('sends one record batch as one data line and an empty line', () => {
    expect(serverSentEvent('{"type":6}\x1e')).toBe('data: {"type":6}\x1e\r\n\r\n');
  });

  it('splits a payload with newlines into data lines, dropping the carriage returns', () => {
    expect(serverSentEvent('a\r\nb\nc')).toBe('data: a\r\ndata: b\r\ndata: c\r\n\r\n');
  });
});
