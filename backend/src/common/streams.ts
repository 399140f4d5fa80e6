import type { Writable } from 'node:stream';

/** Resolves once the client has taken what was written so far; rejects when the client went away. */
export function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('the download was abandoned'));
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', done).off('close', done);
      if (error || stream.destroyed) reject(error ?? new Error('the download was abandoned'));
      else resolve();
    };
    stream.on('drain', done).on('close', done);
  });
}
