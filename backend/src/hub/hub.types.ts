/**
 * The hub's public contract: what other modules import to authenticate hub clients, register
 * client-to-server methods and address server-to-client events.
 */

export const HUB_AUTHENTICATOR = Symbol('HUB_AUTHENTICATOR');

export type HubClientKind = 'web' | 'miniprogram';

export interface HubPrincipal {
  userId: number;
  sessionId: string;
  account: string;
  fullName: string;
  /**
   * Which app holds the connection: the WeChat mini-program connects to `/chathub?client=miniprogram`
   * (the query stays on every request of the connection); anything else is the web client.
   */
  client?: HubClientKind;
  /**
   * Set for a customer's mini-program account (not a staff member): `userId` is then 0, and client
   * methods are refused unless registered with `{ customers: true }`.
   */
  customer?: { customerId: number; wechatId: number };
}

export interface HubAuthenticator {
  /** The token's principal, null when the token is refused; rejects when it cannot tell (the database is away). */
  authenticate(accessToken: string): Promise<HubPrincipal | null>;
  /**
   * How many connections one staff member (or one customer's mini-program account) may hold in a process;
   * a new one closes the oldest beyond it. No limit when absent.
   */
  connectionsPerUser?(): Promise<number>;
}

export interface HubCallContext {
  principal: HubPrincipal;
  connectionId: string;
}

export type HubMethod = (ctx: HubCallContext, ...args: unknown[]) => unknown | Promise<unknown>;

/** Transport names exactly as SignalR spells them in negotiate. */
export type HubTransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** One live (handshaken) connection, as listed by `HubService.online()` across every process. */
export interface HubOnlineConnection {
  connectionId: string;
  userId: number;
  sessionId: string;
  account: string;
  fullName: string;
  transport: HubTransportName;
  /** ISO 8601 instant the handshake completed. */
  connectedAt: string;
  client: HubClientKind;
  /** A customer's mini-program account (see HubPrincipal.customer). */
  customerId?: number;
  customerWechatId?: number;
}

/**
 * Thrown by a hub method to reject an `invoke()` with a message meant for the caller. Any other
 * exception reaches the client only as a generic message (details stay in the server log).
 */
export class HubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubError';
  }
}
