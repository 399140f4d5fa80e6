// The first start of an instance on an empty database loads the demo data through its app before the app
// is initialised (scripts/start.mjs), and the demo's services push to the hub and tell the other processes
// of what changed. With REDIS_URL those writes used to open the Redis connections by themselves (ioredis'
// lazyConnect connects on the first command), and the hub's start then failed with "Redis is already
// connecting/connected": the instance that loaded the demo data exited. Needs REDIS_URL.
import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createApp } from '../src/app.factory.js';
import { ClusterBus } from '../src/cluster/cluster-bus.js';
import { HubService } from '../src/hub/hub.service.js';
import { createTestApp, type TestApp } from './app.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;

describeWithRedis('an app used before it is initialised, with REDIS_URL (requires REDIS_URL)', () => {
  let t: TestApp;
  let app: INestApplication | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => t.close());

  it('starts its hub and cluster bus after the demo-data load has written through them', async () => {
    const prefix = `fwd:first-start:${randomBytes(4).toString('hex')}:`;
    const config = { ...t.config, redisUrl: REDIS_URL, clusterRedisPrefix: `${prefix}cluster:` };
    app = await createApp(config, { logger: false });
    // what the demo load does through the services: hub pushes and cluster news, before init
    await app.get(HubService).sendToAll('NoticeRefresh');
    await app.get(ClusterBus).broadcast('settings', {});
    // and the time it takes, during which the connections opened by those writes come up
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(app.init()).resolves.toBe(app);
    // the hub reads the presence of every process from Redis
    await expect(app.get(HubService).online()).resolves.toEqual([]);
  });
});
