import { ClusterBus, SENT_WAIT_MS, type ClusterTransport } from './cluster-bus.js';

/** A transport whose sends settle when the test says. */
function heldTransport() {
  const sent: { text: string; settle: () => void }[] = [];
  const transport: ClusterTransport = {
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    send: (text) => new Promise<void>((settle) => sent.push({ text, settle })),
  };
  return { transport, sent };
}

describe('ClusterBus.broadcast', () => {
  it("runs this process's listeners at once and settles when the others have been sent the news", async () => {
    const { transport, sent } = heldTransport();
    const bus = new ClusterBus(transport);
    const heard: string[] = [];
    bus.on('sessionEnded', ({ sessionId }) => heard.push(sessionId));
    let settled = false;
    const broadcast = bus.broadcast('sessionEnded', { sessionId: 's1' }).then(() => (settled = true));
    expect(heard).toEqual(['s1']);
    expect(JSON.parse(sent[0].text)).toMatchObject({ topic: 'sessionEnded', payload: { sessionId: 's1' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    sent[0].settle();
    await broadcast;
    expect(settled).toBe(true);
  });

  it('waits for a transport that does not answer at most SENT_WAIT_MS', async () => {
    const bus = new ClusterBus(heldTransport().transport);
    const started = Date.now();
    await bus.broadcast('settings', {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(SENT_WAIT_MS - 5);
    expect(Date.now() - started).toBeLessThan(SENT_WAIT_MS + 400);
  });

  it('settles at once for a process alone', async () => {
    const bus = new ClusterBus();
    const heard: number[] = [];
    bus.on('grants', ({ userId }) => heard.push(userId ?? 0));
    await bus.broadcast('grants', { userId: 7 });
    expect(heard).toEqual([7]);
  });
});

describe('ClusterBus.forgetOnWrites', () => {
  it('forgets at once, here and by the news to the others, when a commit wrote one of the tables, and not otherwise', async () => {
    const { transport, sent } = heldTransport();
    let receive: (text: string) => void = () => {};
    const bus = new ClusterBus({ ...transport, start: (received) => Promise.resolve(void (receive = received)) });
    await bus.start();
    const commitListeners: ((tables: ReadonlySet<string>) => void)[] = [];
    let forgotten = 0;
    bus.forgetOnWrites({ onCommitted: (listener) => commitListeners.push(listener) }, ['Port', 'PortAlias'], 'ports', () => forgotten++);
    const commit = (...tables: string[]) => commitListeners.forEach((listener) => listener(new Set(tables)));
    commit('Order', 'Customer');
    expect([forgotten, sent.length]).toEqual([0, 0]);
    commit('Order', 'PortAlias');
    expect(forgotten).toBe(1);
    expect(JSON.parse(sent[0].text)).toMatchObject({ topic: 'ports', payload: {} });
    // the news from another process
    receive(JSON.stringify({ origin: 'another', topic: 'ports', payload: {} }));
    expect(forgotten).toBe(2);
  });
});
