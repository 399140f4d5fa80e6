/**
 * How one process's hub reaches connections held by the others. Commands carry ready-made records
 * so that every process sends the same bytes without serialising again.
 */
import type { Presence } from '../connection-registry.js';
import type { HubOnlineConnection } from '../hub.types.js';
import type { ConnectionRelay } from './connection-relay.js';

export type BackplaneCommand =
  | { kind: 'users'; userIds: number[]; records: string }
  | { kind: 'session'; sessionId: string; records: string }
  | { kind: 'connection'; connectionId: string; records: string }
  | { kind: 'all'; records: string }
  | { kind: 'closeSession'; sessionId: string; error?: string }
  | { kind: 'closeConnection'; connectionId: string; error?: string; allowReconnect?: boolean };

export interface HubBackplane extends Presence {
  /** Starts receiving the other processes' commands; `localEntries` lists this process's live connections. */
  start(deliver: (command: BackplaneCommand) => void, localEntries: () => HubOnlineConnection[]): Promise<void>;
  /** Hands a command to the other processes. Never rejects: failures are logged. */
  publish(command: BackplaneCommand): Promise<void>;
  /** Live connections of every process. */
  online(): Promise<HubOnlineConnection[]>;
  stop(): Promise<void>;
  /** Requests of one connection served by whichever process they reach; absent when the hub is alone. */
  readonly relay?: ConnectionRelay;
}

/** A hub alone in its process: nothing to share. */
export class LocalBackplane implements HubBackplane {
  private localEntries: () => HubOnlineConnection[] = () => [];

  async start(_deliver: (command: BackplaneCommand) => void, localEntries: () => HubOnlineConnection[]): Promise<void> {
    this.localEntries = localEntries;
  }

  async publish(): Promise<void> {}

  async online(): Promise<HubOnlineConnection[]> {
    return this.localEntries();
  }

  register(): void {}

  unregister(): void {}

  async stop(): Promise<void> {}
}
