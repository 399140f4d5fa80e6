import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { createTestApp, DEMO, login, type TestApp } from './app.js';

describe('session changes pushed over the hub', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const connect = async (token: string) => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${t.url}/chathub`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    await connection.start();
    return connection;
  };

  it('kicks the earlier session out when the same account signs in elsewhere', async () => {
    const first = await login(t, ...DEMO.operator);
    const connection = await connect(first.token);
    const kicked = new Promise((resolve) => connection.on('KickOutMessage', resolve));
    const closed = new Promise((resolve) => connection.onclose(resolve));
    await login(t, ...DEMO.operator);
    await expect(kicked).resolves.toMatchObject({ userId: first.userid, userName: '李文静', reason: 'replaced' });
    await closed;
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('closes the connections of a session that signed out through SendRemoveUsers', async () => {
    const session = await login(t, ...DEMO.finance);
    const connection = await connect(session.token);
    const closed = new Promise((resolve) => connection.onclose(resolve));
    await expect(connection.invoke('SendRemoveUsers')).resolves.toBe(true);
    await closed;
    const online = await t.app.get((await import('../src/hub/hub.service.js')).HubService).online();
    expect(online.filter((c) => c.userId === session.userid)).toEqual([]);
  });
});
