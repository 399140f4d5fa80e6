import { Prisma } from '../generated/prisma/client.js';
import { AppError } from './app-error.js';

interface VersionedDelegate<R> {
  update(args: { where: { id: number; ver: number }; data: Record<string, unknown> }): Promise<R>;
  count(args: { where: { id: number } }): Promise<number>;
}

/**
 * Optimistic locking: writes `data` only if the record still has the `ver` the client read, and bumps
 * it. A stale ver is refused (409), never overwritten; a missing record is 404. Uses a single-record
 * update so the operation log keeps the record's before and after.
 */
export async function updateWithVer<R>(delegate: VersionedDelegate<R>, id: number, ver: number, data: object): Promise<R> {
  try {
    return await delegate.update({ where: { id, ver }, data: { ...data, ver: { increment: 1 } } });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2025') throw error;
    throw (await delegate.count({ where: { id } })) ? AppError.staleVersion() : AppError.notFound();
  }
}
