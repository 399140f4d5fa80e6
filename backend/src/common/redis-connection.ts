import type { Redis } from 'ioredis';

/**
 * Opens a client made with `lazyConnect`, whatever happened to it before. Such a client also connects by
 * itself on its first command, and `connect()` then rejects with "Redis is already connecting/connected":
 * an app used before its init (the demo data loaded at a first start, scripts/start.mjs) publishes through
 * its hub and cluster bus before they start. Resolves once the connection is ready; rejects on its first
 * error, as `connect()` does.
 */
export async function openConnection(client: Redis): Promise<void> {
  if (client.status === 'ready') return;
  if (client.status === 'wait' || client.status === 'end' || client.status === 'close') {
    await client.connect();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      client.off('ready', onReady);
      client.off('error', onError);
      client.off('end', onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onError = (error: Error) => settle(error);
    const onEnd = () => settle(new Error('Connection is closed.'));
    client.on('ready', onReady);
    client.on('error', onError);
    client.on('end', onEnd);
  });
}
