/**
 * Client-to-server methods: the registry other modules fill, and the running of one invocation
 * into the Completion owed to the client.
 */
import { HttpException, Logger } from '@nestjs/common';
import { HubError, type HubCallContext, type HubMethod } from './hub.types.js';
import { MessageType, completionRecord, type InvocationMessage, type InvocationOutcome, type StreamInvocationMessage } from './protocol/json-hub-protocol.js';

const logger = new Logger('Hub');

interface RegisteredMethod {
  name: string;
  fn: HubMethod;
}

export class HubDispatcher {
  /** Keyed by lower-cased name: SignalR matches hub method names case-insensitively. */
  private readonly methods = new Map<string, RegisteredMethod>();

  register(name: string, fn: HubMethod): void {
    if (!name.trim()) throw new Error('A hub method needs a name');
    const key = name.toLowerCase();
    const existing = this.methods.get(key);
    if (existing) throw new Error(`Hub method '${name}' is already registered (as '${existing.name}')`);
    this.methods.set(key, { name, fn });
  }

  /** Runs one invocation; resolves to the Completion record when the client awaits one. Never rejects. */
  async dispatch(context: HubCallContext, message: InvocationMessage | StreamInvocationMessage): Promise<string | undefined> {
    const outcome = await this.run(context, message);
    const { invocationId } = message;
    if (invocationId === undefined) return undefined; // send(): never answered
    try {
      return completionRecord(invocationId, outcome);
    } catch (error) {
      logger.error(`Hub method '${message.target}' returned a result that cannot be sent as JSON`, (error as Error).stack);
      return completionRecord(invocationId, { error: unexpectedError(message.target) });
    }
  }

  private async run(context: HubCallContext, message: InvocationMessage | StreamInvocationMessage): Promise<InvocationOutcome> {
    if (message.type === MessageType.StreamInvocation) {
      return { error: `The hub method '${message.target}' cannot be streamed: this hub has no streaming methods.` };
    }
    if (message.streamIds) {
      return { error: `The hub method '${message.target}' cannot receive streams: this hub has no streaming methods.` };
    }
    const method = this.methods.get(message.target.toLowerCase());
    if (!method) {
      logger.warn(`Connection ${context.connectionId} called the unknown hub method '${message.target}'`);
      return { error: `Unknown hub method '${message.target}'` };
    }
    try {
      return { result: await method.fn(context, ...message.arguments) };
    } catch (error) {
      const shown = messageForCaller(error);
      if (shown !== undefined) return { error: shown };
      logger.error(`Hub method '${method.name}' failed for connection ${context.connectionId}`, (error as Error)?.stack);
      return { error: unexpectedError(method.name) };
    }
  }
}

/** The message of an error raised for the caller to read; undefined for faults whose details stay in the log. */
function messageForCaller(error: unknown): string | undefined {
  if (error instanceof HubError) return error.message || undefined;
  if (error instanceof HttpException && error.getStatus() < 500) return error.message || undefined;
  return undefined;
}

function unexpectedError(methodName: string): string {
  return `An unexpected error occurred invoking '${methodName}' on the server.`;
}
