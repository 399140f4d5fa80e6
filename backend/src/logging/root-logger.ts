import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config/app-config.js';

/** The pino logger every line of the server goes through. */
export type RootLogger = Logger;

/** pino-pretty's stream factory; a devDependency, so absent from a production install. */
type PrettyFactory = (options: Record<string, unknown>) => DestinationStream;

function prettyStream(): DestinationStream | undefined {
  let pretty: PrettyFactory;
  try {
    pretty = createRequire(import.meta.url)('pino-pretty') as PrettyFactory;
  } catch {
    return undefined;
  }
  // a request's line on one line: its message says method, path, status and duration; the id and user follow
  return pretty({
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,status,durationMs',
    messageFormat: '{if context}[{context}] {end}{msg}',
  });
}

/**
 * The server's one logger: every line (requests, Nest's own, the services') at `LOG_LEVEL` and above,
 * JSON by default with the level as its name and an ISO time; `pretty` only where pino-pretty is
 * installed (JSON otherwise). `destination` replaces stdout (tests read the lines from it).
 */
export function createRootLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = { level: config.logLevel, timestamp: pino.stdTimeFunctions.isoTime };
  const pretty = !destination && config.logFormat === 'pretty' ? prettyStream() : undefined;
  if (pretty) return pino(options, pretty);
  return pino({ ...options, formatters: { level: (label) => ({ level: label }) } }, destination);
}

/** A logger that writes nothing (tests that do not read the log). */
export const silentLogger = (): Logger => pino({ level: 'silent' });
