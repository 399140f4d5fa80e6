// Liveness and readiness of a server run by `npm start`'s supervisor (scripts/start.mjs), which tells it
// over the fork's IPC channel where its embedded PostgreSQL stands (operations/health/supervisor-state.ts).
// The news arrive here as they do there: a 'message' event on the process. supervisor.spec.ts runs the
// real thing; this pins down what each probe answers at each moment, the 60 s bound included.
import { DATABASE_STATE_MESSAGE, followSupervisor } from '../src/operations/health/supervisor-state.js';
import { useTestApp } from './app.js';

const tell = (news: object) => process.emit('message', { type: DATABASE_STATE_MESSAGE, ...news }, undefined);
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('health under the supervisor of npm start', () => {
  const { t } = useTestApp();
  beforeAll(() => followSupervisor());
  afterAll(() => tell({ state: 'running', restarts: 0 }));

  it('reports the embedded PostgreSQL as running, ready and live', async () => {
    tell({ state: 'running', restarts: 2 });
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body.checks.embeddedDatabase).toEqual({ status: 'ok', state: 'running', restarts: 2 });
    await t.http().get('/api/health/live').expect(200, { status: 'ok' });
  });

  it('is not ready while it is started again, and still live: the supervisor is bringing it back', async () => {
    const downSince = ago(5000);
    tell({ state: 'restarting', restarts: 2, downSince });
    const ready = await t.http().get('/api/health/ready').expect(503);
    expect(ready.body.status).toBe('fail');
    expect(ready.body.checks.embeddedDatabase).toEqual({ status: 'fail', state: 'restarting', restarts: 2, downSince });
    await t.http().get('/api/health/live').expect(200, { status: 'ok' });
  });

  it('asks to be restarted once it has been down more than a minute: restarts are not mending it', async () => {
    const downSince = ago(61_000);
    tell({ state: 'restarting', restarts: 2, downSince });
    const live = await t.http().get('/api/health/live').expect(503);
    expect(live.body).toEqual({ status: 'fail', reason: 'embedded-database-down', downSince });
    expect(live.headers['cache-control']).toBe('no-store');
  });
});
