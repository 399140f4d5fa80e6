import { HttpStatus } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PrismaClient } from '../generated/prisma/client.js';
import { AppError } from '../common/app-error.js';

/**
 * The Idempotency-Key a request holds while it runs (idempotency/idempotency.service.ts): its row and the
 * token naming this request. `open` turns false once the answer is being stored: work that outlives the
 * request no longer touches the key.
 */
export interface IdempotencyClaim {
  readonly id: number;
  readonly token: string;
  open: boolean;
}

const claims = new AsyncLocalStorage<IdempotencyClaim>();

/**
 * Runs `work` (a request's handler) holding `claim`: every transaction it commits marks the key committed.
 * A Prisma query runs when it is awaited, so `work` awaits its queries itself (as handlers do).
 */
export function runHoldingClaim<T>(claim: IdempotencyClaim, work: () => T): T {
  return claims.run(claim, work);
}

/**
 * Called in a transaction just before it commits: under a held key, marks the key's row committed in that
 * same transaction, so the row says "written" exactly when the create's writes are kept (a crash loses
 * both or keeps both). When another request has taken the key over meanwhile (this one was given up as
 * stale, idempotency.service.ts), the token no longer matches: the transaction is refused and rolled back
 * rather than create a second record.
 */
export async function commitHeldClaim(tx: Pick<PrismaClient, '$executeRaw'>): Promise<void> {
  const claim = claims.getStore();
  if (!claim?.open) return;
  const marked = await tx.$executeRaw`
    update idempotency_key set status = 'committed', updated_at = now()
     where id = ${claim.id} and token = ${claim.token}::uuid and status in ('processing', 'committed')`;
  if (marked === 0) throw new AppError(HttpStatus.CONFLICT, 'idempotencyKeyTaken');
}
