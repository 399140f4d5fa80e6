import { OutgoingRecords, RecordReader, RecordTooLargeError, frameRecord } from './text-records.js';

describe('SignalR text record framing', () => {
  it('ends every record with the record separator', () => {
    expect(frameRecord('{"type":6}')).toBe('{"type":6}\x1e');
  });

  it('splits a chunk holding several records', () => {
    const reader = new RecordReader(1000);
    expect(reader.push('{"type":6}\x1e{"type":7}\x1e')).toEqual(['{"type":6}', '{"type":7}']);
  });

  it('keeps a partial record until the rest arrives in a later chunk', () => {
    const reader = new RecordReader(1000);
    expect(reader.push('{"protocol":"js')).toEqual([]);
    expect(reader.push('on","version":1}\x1e{"ty')).toEqual(['{"protocol":"json","version":1}']);
    expect(reader.push('pe":6}\x1e')).toEqual(['{"type":6}']);
  });

  it('skips empty records', () => {
    expect(new RecordReader(1000).push('\x1e\x1e{"type":6}\x1e')).toEqual(['{"type":6}']);
  });

  it('refuses a partial record longer than the limit', () => {
    const reader = new RecordReader(10);
    expect(() => reader.push('x'.repeat(11))).toThrow(RecordTooLargeError);
  });

  it('encodes outgoing records to UTF-8 once and reuses the bytes', () => {
    const records = new OutgoingRecords('{"arguments":["运单 🚢"]}\x1e');
    expect(records.bytes.toString('utf8')).toBe(records.text);
    expect(records.bytes).toBe(records.bytes);
  });
});
