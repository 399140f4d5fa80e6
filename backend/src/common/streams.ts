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

/**
 * The rows a query selects, read in pages of at most `size` by keyset: `read(after, size)` answers the
 * rows after the key `after` (null: from the first) in key order, `keyOf` a row's key. The first page is
 * read now, so a failing query is still an error answer before anything is sent; the others as the
 * iteration asks for them, so only the page being written is held however many rows match (a cursor
 * without holding a connection or a transaction open while a slow client downloads).
 */
export async function keysetPages<R, K>(
  read: (after: K | null, size: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  size: number,
): Promise<AsyncIterable<R[]>> {
  const first = await read(null, size);
  return {
    async *[Symbol.asyncIterator]() {
      let rows = first;
      while (rows.length) {
        yield rows;
        if (rows.length < size) return;
        const after = keyOf(rows[rows.length - 1]);
        // the page written is let go before the next is read: rows that outlive a collection or two move
        // to the old generation, which then grows by what every page leaves there (the RSS of a long export)
        rows = [];
        rows = await read(after, size);
      }
    },
  };
}
