import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { redactParams, redactText } from '../common/redaction.js';
import { requestContext } from '../common/request-context.js';

/** Nest's start-up chatter, a line per module and per route: kept for debugging, below the default level. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's logger (every `new Logger(context)` of the services, the framework's own lines) writing to the
 * root pino logger: a JSON line with the context, and the request id when the line is written while a
 * request is served. Messages and stacks pass through the audit logs' redaction first.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]) {
    const context = contextOf(params);
    this.write(context && START_UP_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }

  /** Nest passes `(message, stack?, context?)`: the context last when there is one. */
  error(message: unknown, ...params: unknown[]) {
    const context = params.length > 1 ? contextOf(params) : undefined;
    const stack = params.find((param, i) => typeof param === 'string' && (context === undefined || i < params.length - 1));
    this.write('error', message, context, typeof stack === 'string' ? stack : undefined);
  }

  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, contextOf(params));
  }

  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, contextOf(params));
  }

  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, contextOf(params));
  }

  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, contextOf(params));
  }

  private write(level: Level, message: unknown, context?: string, stack?: string) {
    if (!this.logger.isLevelEnabled(level)) return;
    const requestId = requestContext.get()?.requestId;
    const fields: Record<string, unknown> = { context, requestId };
    // under `err`, where pino's tools look for a stack
    if (stack) fields.err = { stack: redactText(stack) };
    if (message instanceof Error) {
      fields.err = { type: message.name, stack: redactText(message.stack ?? '') };
      this.logger[level](fields, redactText(message.message));
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, data: redactParams(message) }, '');
    } else {
      this.logger[level](fields, redactText(String(message)));
    }
  }
}

function contextOf(params: unknown[]): string | undefined {
  const last = params.at(-1);
  return typeof last === 'string' ? last : undefined;
}
