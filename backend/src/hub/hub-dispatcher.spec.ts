import { jest } from '@jest/globals';
import { ForbiddenException } from '@nestjs/common';
import { HubDispatcher } from './hub-dispatcher.js';
import { HubError, type HubCallContext } from './hub.types.js';

const context: HubCallContext = {
  principal: { userId: 7, sessionId: 's-1', account: 'op01', fullName: 'Operator' },
  connectionId: 'c-1',
};

const invoke = (target: string, args: unknown[]) => ({ type: 1 as const, target, arguments: args, invocationId: '0' });
const send = (target: string, args: unknown[]) => ({ type: 1 as const, target, arguments: args });

const completion = (record: string | undefined) => JSON.parse(record!.slice(0, -1));

describe('HubDispatcher', () => {
  it('answers invoke() with the method result, calling it with the caller and the arguments', async () => {
    const dispatcher = new HubDispatcher();
    const add = jest.fn((ctx: HubCallContext, a: unknown, b: unknown) => (a as number) + (b as number) + ctx.principal.userId);
    dispatcher.register('Add', add);
    expect(completion(await dispatcher.dispatch(context, invoke('Add', [2, 3])))).toEqual({ type: 3, invocationId: '0', result: 12 });
    expect(add).toHaveBeenCalledWith(context, 2, 3);
  });

  it('matches method names case-insensitively', async () => {
    const dispatcher = new HubDispatcher();
    dispatcher.register('SendOrderBbs', async () => 'ok');
    expect(completion(await dispatcher.dispatch(context, invoke('sendorderbbs', [])))).toMatchObject({ result: 'ok' });
  });

  it('completes a void method without a result', async () => {
    const dispatcher = new HubDispatcher();
    dispatcher.register('SendRemoveUsers', () => undefined);
    expect(completion(await dispatcher.dispatch(context, invoke('SendRemoveUsers', [])))).toEqual({ type: 3, invocationId: '0' });
  });

  it('never answers send()', async () => {
    const dispatcher = new HubDispatcher();
    const fn = jest.fn();
    dispatcher.register('SendWechatUserExit', fn);
    expect(await dispatcher.dispatch(context, send('SendWechatUserExit', [7]))).toBeUndefined();
    expect(await dispatcher.dispatch(context, send('Nope', []))).toBeUndefined();
    expect(fn).toHaveBeenCalledWith(context, 7);
  });

  it('answers an unknown method with an error completion', async () => {
    expect(completion(await new HubDispatcher().dispatch(context, invoke('Nope', [])))).toEqual({
      type: 3,
      invocationId: '0',
      error: "Unknown hub method 'Nope'",
    });
  });

  it('passes the message of a HubError or a client-side HTTP exception to the caller', async () => {
    const dispatcher = new HubDispatcher();
    dispatcher.register('Guarded', () => {
      throw new HubError('无权操作 / Not allowed');
    });
    dispatcher.register('Forbidden', () => {
      throw new ForbiddenException('Forbidden here');
    });
    expect(completion(await dispatcher.dispatch(context, invoke('Guarded', []))).error).toBe('无权操作 / Not allowed');
    expect(completion(await dispatcher.dispatch(context, invoke('Forbidden', []))).error).toBe('Forbidden here');
  });

  it('hides the details of unexpected failures', async () => {
    const dispatcher = new HubDispatcher();
    dispatcher.register('Broken', async () => {
      throw new Error('relation "orders" does not exist');
    });
    dispatcher.register('Circular', () => {
      const value: Record<string, unknown> = {};
      value.self = value;
      return value;
    });
    expect(completion(await dispatcher.dispatch(context, invoke('Broken', []))).error).toBe("An unexpected error occurred invoking 'Broken' on the server.");
    expect(completion(await dispatcher.dispatch(context, invoke('Circular', []))).error).toBe(
      "An unexpected error occurred invoking 'Circular' on the server.",
    );
  });

  it('refuses streaming invocations and upload streams with an error completion', async () => {
    const dispatcher = new HubDispatcher();
    dispatcher.register('Counter', () => 1);
    const streamed = await dispatcher.dispatch(context, { type: 4, invocationId: '1', target: 'Counter', arguments: [] });
    expect(completion(streamed)).toMatchObject({ invocationId: '1', error: expect.stringContaining('cannot be streamed') });
    const upload = await dispatcher.dispatch(context, { ...invoke('Counter', []), streamIds: ['2'] });
    expect(completion(upload)).toMatchObject({ error: expect.stringContaining('cannot receive streams') });
  });

  it('refuses a second registration of the same name', () => {
    const dispatcher = new HubDispatcher();
    dispatcher.register('SendOrderBbs', () => undefined);
    expect(() => dispatcher.register('sendOrderBbs', () => undefined)).toThrow(/already registered/);
  });
});
