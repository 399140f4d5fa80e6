import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import { requestContext } from '../common/request-context.js';
import { PinoNestLogger } from './nest-logger.js';
import { createRootLogger } from './root-logger.js';

/** A PinoNestLogger at `level` whose JSON lines are collected. */
function nestLogger(level: 'info' | 'debug' = 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: new PinoNestLogger(createRootLogger({ logLevel: level, logFormat: 'json' }, destination)), lines };
}

describe('PinoNestLogger', () => {
  it("writes a Nest Logger's line as JSON with its level name and context", () => {
    const { logger, lines } = nestLogger();
    Logger.overrideLogger(logger);
    new Logger('Hub').warn('connection dropped');
    new Logger('Audit').error('POST /api/v1/x: boom', 'Error: boom\n    at x.ts:1');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', context: 'Hub', msg: 'connection dropped' }),
      expect.objectContaining({ level: 'error', context: 'Audit', msg: 'POST /api/v1/x: boom', err: { stack: 'Error: boom\n    at x.ts:1' } }),
    ]);
  });

  it('adds the id of the request being served', () => {
    const { logger, lines } = nestLogger();
    requestContext.run({ lang: 'zh', requestId: 'req-42' }, () => logger.log('inside', 'Orders'));
    logger.log('outside', 'Orders');
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['inside', 'req-42'],
      ['outside', undefined],
    ]);
  });

  it('masks secrets in messages, stacks and logged objects as the audit logs do', () => {
    const { logger, lines } = nestLogger();
    logger.error('refresh failed token=abc123', 'at login password=hunter2', 'Auth');
    logger.warn({ account: 'op01', password: 'hunter2' }, 'Auth');
    expect(JSON.stringify(lines)).not.toMatch(/abc123|hunter2/);
    expect(lines[0]).toMatchObject({ msg: 'refresh failed token=******', err: { stack: 'at login password=******' } });
    expect(lines[1]).toMatchObject({ data: { account: 'op01', password: '******' } });
  });

  it("keeps Nest's per-module and per-route start-up lines below info", () => {
    const { logger, lines } = nestLogger();
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Mapped {/api/v1/log/request/list, POST} route', 'RouterExplorer');
    logger.log('Nest application successfully started', 'NestApplication');
    expect(lines.map((line) => line.context)).toEqual(['NestApplication']);
    const verbose = nestLogger('debug');
    verbose.logger.log('Mapped {/api/v1/log/request/list, POST} route', 'RouterExplorer');
    expect(verbose.lines).toEqual([expect.objectContaining({ level: 'debug', context: 'RouterExplorer' })]);
  });
});
