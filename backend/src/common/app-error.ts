import { HttpStatus } from '@nestjs/common';
import { t, type MessageKey } from './messages.js';

/** The header of the 403 a user gets while their password must be changed (AppError.passwordChangeRequired). */
export const PASSWORD_CHANGE_HEADER = 'x-password-change';

/**
 * An error a user can act on: an HTTP status and a catalogue message, translated when it is answered.
 * Services throw these; the exception filter turns them into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Extra response headers, e.g. access-token: invalid_token. */
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
  }

  translated(): string {
    return t(this.key, this.params);
  }

  static badRequest(key: MessageKey, params?: Record<string, string | number>) {
    return new AppError(HttpStatus.BAD_REQUEST, key, params);
  }
  static unauthorized(key: MessageKey = 'unauthorized', headers?: Record<string, string>) {
    return new AppError(HttpStatus.UNAUTHORIZED, key, {}, headers);
  }
  static forbidden() {
    return new AppError(HttpStatus.FORBIDDEN, 'forbidden');
  }
  /** 403 with `x-password-change: required`: the user must change the password someone else set before anything else. */
  static passwordChangeRequired() {
    return new AppError(HttpStatus.FORBIDDEN, 'passwordChangeRequired', {}, { [PASSWORD_CHANGE_HEADER]: 'required' });
  }
  static notFound() {
    return new AppError(HttpStatus.NOT_FOUND, 'notFound');
  }
  static staleVersion() {
    return new AppError(HttpStatus.CONFLICT, 'staleVersion');
  }
}

/**
 * A 400 with field messages: answered as the JSON string {field: [messages]} the client flattens. With a
 * `cause` (an error the input provoked in code that should have refused it cleanly) it is also recorded in
 * the exception log, so the gap gets fixed.
 */
export class FieldErrors extends Error {
  constructor(
    readonly fields: Record<string, string[]>,
    cause?: unknown,
  ) {
    super('validation', cause === undefined ? undefined : { cause });
  }
}
