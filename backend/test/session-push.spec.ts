import { jest } from '@jest/globals';
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { DEMO, login, setParameter, useTestApp } from './app.js';
import { connectHub } from './hub-client.js';

describe('session changes pushed over the hub', () => {
  const { t } = useTestApp();

  const connect = (token: string) => connectHub(t.url, token);

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

  it('holds a user to hub.maxConnectionsPerUser connections: a new one closes the oldest, other users untouched', async () => {
    const admin = await login(t, ...DEMO.admin);
    await setParameter(t, admin, 'hub.maxConnectionsPerUser', 3);
    try {
      const session = await login(t, ...DEMO.salesman2);
      const other = await connect((await login(t, ...DEMO.salesManager)).token);
      const opened: HubConnection[] = [];
      for (let i = 0; i < 3; i += 1) opened.push(await connect(session.token));
      const closed = new Promise<Error | undefined>((resolve) => opened[0].onclose(resolve));
      const newest = await connect(session.token);
      expect((await closed)?.message).toContain('Too many connections of this user');
      expect(opened.map((c) => c.state)).toEqual([HubConnectionState.Disconnected, HubConnectionState.Connected, HubConnectionState.Connected]);
      expect(newest.state).toBe(HubConnectionState.Connected);
      expect(other.state).toBe(HubConnectionState.Connected);
      const online = await t.app.get((await import('../src/hub/hub.service.js')).HubService).online();
      expect(online.filter((c) => c.userId === session.userid)).toHaveLength(3);
      await Promise.all([...opened, newest, other].map((c) => c.stop()));
    } finally {
      await setParameter(t, admin, 'hub.maxConnectionsPerUser', 10);
    }
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

  it('blanks the browsers of a staff member an administrator deletes (BrowserOutMessage)', async () => {
    const admin = await login(t, ...DEMO.admin);
    const created = await t
      .http()
      .put('/api/v1/user/add')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({
        account: 'leaver01',
        password: 'demo123',
        jobNo: 'L0001',
        fullName: '离职员工',
        orgId: (await t.prisma.db.org.findFirstOrThrow()).id,
        roleIds: [],
      })
      .expect(200);
    // a colleague an administrator added changes the password set for them before the hub takes them
    const first = await login(t, 'leaver01', 'demo123');
    await t
      .http()
      .post('/api/v1/login/modifyPwd')
      .set('Authorization', `Bearer ${first.token}`)
      .send({ oldPassword: 'demo123', newPassword: 'own-pw-123' })
      .expect(200);
    const leaver = await login(t, 'leaver01', 'own-pw-123');
    const connection = await connect(leaver.token);
    const blanked = new Promise((resolve) => connection.on('BrowserOutMessage', resolve));
    const kicked = jest.fn();
    connection.on('KickOutMessage', kicked);
    await t.http().delete(`/api/v1/user/delete/${created.body.data}`).set('Authorization', `Bearer ${admin.token}`).expect(200);
    await expect(blanked).resolves.toEqual({ userId: leaver.userid, userName: '离职员工' });
    expect(kicked).not.toHaveBeenCalled();
  });

  it('closes the mini-program connections of a user who unbound it (SendWechatUserExit), not the web ones', async () => {
    const session = await login(t, ...DEMO.customerService);
    const web = await connect(session.token);
    const miniProgram = await connectHub(t.url, session.token, '?client=miniprogram');
    const closed = new Promise<Error | undefined>((resolve) => miniProgram.onclose(resolve));
    await expect(web.invoke('SendWechatUserExit', String(session.userid + 1000))).rejects.toThrow('只能让自己的小程序下线');
    await expect(web.invoke('SendWechatUserExit', String(session.userid))).resolves.toBe(1);
    expect(String(await closed)).toContain('微信小程序解绑成功');
    expect(web.state).toBe(HubConnectionState.Connected);
    await web.stop();
  });
});
