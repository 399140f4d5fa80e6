// The users of the hub suites (hub.conformance, hub.redis): signed in on the whole app, or, when the hub runs
// alone, known by fixed tokens to a stand-in authenticator.
import { Global, Module, type Type } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { HubModule } from '../src/hub/hub.module.js';
import { HUB_AUTHENTICATOR, type HubAuthenticator, type HubPrincipal } from '../src/hub/hub.types.js';
import type { Credentials, TestApp } from './app.js';

export interface HubUser {
  token: string;
  principal: HubPrincipal;
}

/** Signs a user in on the app and answers their token and the principal the hub knows them by. */
export async function signInHubUser(t: TestApp, [account, password]: Credentials): Promise<HubUser> {
  // loaded when a suite runs the whole app, not when the hub runs alone
  const { login } = await import('./app.js');
  const { storedId } = await import('../src/auth/auth.service.js');
  const session = await login(t, account, password);
  const { sid } = jwt.decode(session.token) as { sid: string };
  // the server knows a session by the hash of the token's sid (AuthService, storedId)
  return { token: session.token, principal: { userId: session.userid, sessionId: storedId(sid), account, fullName: session.username } };
}

/** The hub module alone, with a stand-in authenticator that knows admin and op01 by their fixed tokens. */
export function hubAlone(): { module: Type; admin: HubUser; operator: HubUser } {
  const admin: HubUser = { token: 'token-admin', principal: { userId: 1, sessionId: 's-admin', account: 'admin', fullName: '系统管理员' } };
  const operator: HubUser = { token: 'token-op01', principal: { userId: 3, sessionId: 's-op01', account: 'op01', fullName: '操作员' } };
  const authenticator: HubAuthenticator = {
    authenticate: async (token) => [admin, operator].find((user) => user.token === token)?.principal ?? null,
  };
  @Global()
  @Module({ providers: [{ provide: HUB_AUTHENTICATOR, useValue: authenticator }], exports: [HUB_AUTHENTICATOR] })
  class StandInAuthModule {}
  @Module({ imports: [StandInAuthModule, HubModule] })
  class HubAloneModule {}
  return { module: HubAloneModule, admin, operator };
}
