/**
 * The JSON hub protocol (version 1): the handshake, the messages a client may send, and the
 * records the server writes. Validation follows the client's own rules, so that what we accept and
 * what we emit are what `@microsoft/signalr` itself would produce and accept.
 */
import { frameRecord } from './text-records.js';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  target: string;
  arguments: unknown[];
  /** Present for `invoke()` (a Completion is owed), absent for `send()`. */
  invocationId?: string;
  streamIds?: string[];
}

export interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation;
  invocationId: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

export interface StreamItemMessage {
  type: typeof MessageType.StreamItem;
  invocationId: string;
  item: unknown;
}

export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export interface CancelInvocationMessage {
  type: typeof MessageType.CancelInvocation;
  invocationId: string;
}

export interface PingMessage {
  type: typeof MessageType.Ping;
}

export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}

export type ClientMessage =
  InvocationMessage | StreamInvocationMessage | StreamItemMessage | CompletionMessage | CancelInvocationMessage | PingMessage | CloseMessage;

export class InvalidMessageError extends Error {
  constructor(reason: string) {
    super(`Invalid hub message: ${reason}`);
  }
}

type JsonObject = Record<string, unknown>;

function parseObject(record: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new InvalidMessageError('not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidMessageError('not a JSON object');
  }
  return value as JsonObject;
}

function requireString(message: JsonObject, field: string, nonEmpty = false): string {
  const value = message[field];
  if (typeof value !== 'string' || (nonEmpty && value.length === 0)) {
    throw new InvalidMessageError(`"${field}" must be a ${nonEmpty ? 'non-empty ' : ''}string`);
  }
  return value;
}

function optionalString(message: JsonObject, field: string): string | undefined {
  return message[field] === undefined || message[field] === null ? undefined : requireString(message, field);
}

function requireArguments(message: JsonObject): unknown[] {
  if (!Array.isArray(message.arguments)) throw new InvalidMessageError('"arguments" must be an array');
  return message.arguments;
}

function optionalStreamIds(message: JsonObject): string[] | undefined {
  const value = message.streamIds;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) {
    throw new InvalidMessageError('"streamIds" must be an array of strings');
  }
  return value.length > 0 ? value : undefined;
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export function parseHandshakeRequest(record: string): HandshakeRequest {
  const message = parseObject(record);
  const protocol = requireString(message, 'protocol', true);
  if (typeof message.version !== 'number' || !Number.isInteger(message.version)) {
    throw new InvalidMessageError('"version" must be an integer');
  }
  return { protocol, version: message.version };
}

/** Returns the error to answer the handshake with, or undefined when the request is accepted. */
export function handshakeRefusal({ protocol, version }: HandshakeRequest): string | undefined {
  if (protocol.toLowerCase() !== 'json') return `The protocol '${protocol}' is not supported.`;
  // Version 2 adds only stateful-reconnect messages, which never occur since we never grant it.
  if (version !== 1 && version !== 2) return `The server does not support version ${version} of the 'json' protocol.`;
  return undefined;
}

/** Parses one client record; returns undefined for message types a server ignores. */
export function parseClientMessage(record: string): ClientMessage | undefined {
  const message = parseObject(record);
  switch (message.type) {
    case MessageType.Invocation:
      return {
        type: MessageType.Invocation,
        target: requireString(message, 'target', true),
        arguments: requireArguments(message),
        invocationId: optionalString(message, 'invocationId'),
        streamIds: optionalStreamIds(message),
      };
    case MessageType.StreamInvocation:
      return {
        type: MessageType.StreamInvocation,
        invocationId: requireString(message, 'invocationId'),
        target: requireString(message, 'target', true),
        arguments: requireArguments(message),
        streamIds: optionalStreamIds(message),
      };
    case MessageType.StreamItem:
      if (!('item' in message)) throw new InvalidMessageError('"item" is missing');
      return { type: MessageType.StreamItem, invocationId: requireString(message, 'invocationId'), item: message.item };
    case MessageType.Completion:
      return {
        type: MessageType.Completion,
        invocationId: requireString(message, 'invocationId'),
        result: message.result,
        error: optionalString(message, 'error'),
      };
    case MessageType.CancelInvocation:
      return { type: MessageType.CancelInvocation, invocationId: requireString(message, 'invocationId') };
    case MessageType.Ping:
      return { type: MessageType.Ping };
    case MessageType.Close:
      return {
        type: MessageType.Close,
        error: optionalString(message, 'error'),
        allowReconnect: message.allowReconnect === true,
      };
    default:
      if (typeof message.type !== 'number') throw new InvalidMessageError('"type" must be a number');
      return undefined;
  }
}

export const HANDSHAKE_ACCEPTED_RECORD = frameRecord('{}');

export const PING_RECORD = frameRecord(JSON.stringify({ type: MessageType.Ping }));

export function handshakeErrorRecord(error: string): string {
  return frameRecord(JSON.stringify({ error }));
}

/** A server-to-client call; no invocationId, since we never ask clients for a result. */
export function invocationRecord(target: string, args: unknown[]): string {
  return frameRecord(JSON.stringify({ type: MessageType.Invocation, target, arguments: args }));
}

export type InvocationOutcome = { result?: unknown } | { error: string };

export function completionRecord(invocationId: string, outcome: InvocationOutcome): string {
  if ('error' in outcome) {
    return frameRecord(JSON.stringify({ type: MessageType.Completion, invocationId, error: outcome.error }));
  }
  const message: JsonObject = { type: MessageType.Completion, invocationId };
  // No "result" resolves the client's invoke() with undefined, as a void method does.
  if (outcome.result !== undefined) message.result = outcome.result;
  return frameRecord(JSON.stringify(message));
}

export function closeRecord(error?: string, allowReconnect = false): string {
  const message: JsonObject = { type: MessageType.Close };
  if (error) message.error = error;
  if (allowReconnect) message.allowReconnect = true;
  return frameRecord(JSON.stringify(message));
}
