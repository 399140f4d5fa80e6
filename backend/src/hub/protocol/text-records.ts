/**
 * SignalR's text framing: every record ends with the record separator 0x1E. A chunk from the
 * client may hold several records and end in the middle of one; a chunk to the client must hold
 * whole records only (the client never reassembles a split record).
 */

export const RECORD_SEPARATOR = '\x1e';

export function frameRecord(json: string): string {
  return json + RECORD_SEPARATOR;
}

export class RecordTooLargeError extends Error {
  constructor(limit: number) {
    super(`A record exceeds the limit of ${limit} characters`);
  }
}

/** Splits incoming text into records, keeping a trailing partial record for the next chunk. */
export class RecordReader {
  private partial = '';

  constructor(private readonly maxRecordLength: number) {}

  push(chunk: string): string[] {
    const parts = (this.partial + chunk).split(RECORD_SEPARATOR);
    this.partial = parts.pop() ?? '';
    if (this.partial.length > this.maxRecordLength) throw new RecordTooLargeError(this.maxRecordLength);
    return parts.filter((record) => record.length > 0);
  }
}

/**
 * Records ready to go out, encoded to UTF-8 at most once however many connections they are
 * written to (a broadcast writes the same records to every socket).
 */
export class OutgoingRecords {
  private encoded?: Buffer;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.text, 'utf8');
    return this.encoded;
  }
}
