import {
  HANDSHAKE_ACCEPTED_RECORD,
  InvalidMessageError,
  MessageType,
  PING_RECORD,
  closeRecord,
  completionRecord,
  handshakeErrorRecord,
  handshakeRefusal,
  invocationRecord,
  parseClientMessage,
  parseHandshakeRequest,
} from './json-hub-protocol.js';

const unframe = (record: string) => {
  expect(record.endsWith('\x1e')).toBe(true);
  return JSON.parse(record.slice(0, -1));
};

describe('JSON hub protocol handshake', () => {
  it('accepts json version 1, and 2 which differs only in messages we never see', () => {
    expect(handshakeRefusal(parseHandshakeRequest('{"protocol":"json","version":1}'))).toBeUndefined();
    expect(handshakeRefusal({ protocol: 'json', version: 2 })).toBeUndefined();
  });

  it('refuses another protocol with the message the client shows', () => {
    expect(handshakeRefusal({ protocol: 'messagepack', version: 1 })).toBe("The protocol 'messagepack' is not supported.");
  });

  it('refuses an unknown version', () => {
    expect(handshakeRefusal({ protocol: 'json', version: 3 })).toBe("The server does not support version 3 of the 'json' protocol.");
  });

  it('rejects a first record that is not a handshake request', () => {
    expect(() => parseHandshakeRequest('{"type":6}')).toThrow(InvalidMessageError);
    expect(() => parseHandshakeRequest('not json')).toThrow(InvalidMessageError);
    expect(() => parseHandshakeRequest('{"protocol":"json","version":"1"}')).toThrow(InvalidMessageError);
  });

  it('answers with a bare object and a trailing record separator', () => {
    expect(HANDSHAKE_ACCEPTED_RECORD).toBe('{}\x1e');
    expect(unframe(handshakeErrorRecord('Handshake was canceled.'))).toEqual({ error: 'Handshake was canceled.' });
  });
});

describe('JSON hub protocol client messages', () => {
  it('reads an invoke() whatever the property order', () => {
    expect(parseClientMessage('{"target":"add","arguments":[2,3],"invocationId":"0","type":1}')).toEqual({
      type: MessageType.Invocation,
      target: 'add',
      arguments: [2, 3],
      invocationId: '0',
      streamIds: undefined,
    });
  });

  it('reads a send() as an invocation without invocationId', () => {
    expect(parseClientMessage('{"type":1,"target":"SendOrderBbs","arguments":[]}')).toMatchObject({ invocationId: undefined });
  });

  it('ignores unknown fields and headers', () => {
    expect(parseClientMessage('{"type":6,"headers":{"a":"b"},"extra":1}')).toEqual({ type: MessageType.Ping });
  });

  it('refuses an invocation without a target or arguments', () => {
    expect(() => parseClientMessage('{"type":1,"target":"","arguments":[]}')).toThrow(InvalidMessageError);
    expect(() => parseClientMessage('{"type":1,"arguments":[]}')).toThrow(InvalidMessageError);
    expect(() => parseClientMessage('{"type":1,"target":"x"}')).toThrow(InvalidMessageError);
  });

  it('reads upload stream ids and stream invocations', () => {
    expect(parseClientMessage('{"type":1,"target":"up","arguments":[],"streamIds":["3"],"invocationId":"2"}')).toMatchObject({ streamIds: ['3'] });
    expect(parseClientMessage('{"type":4,"invocationId":"1","target":"counter","arguments":[10]}')).toMatchObject({ type: 4 });
    expect(() => parseClientMessage('{"type":4,"target":"counter","arguments":[]}')).toThrow(InvalidMessageError);
  });

  it('reads stream items (null allowed), completions, cancellations and Close', () => {
    expect(parseClientMessage('{"type":2,"invocationId":"3","item":null}')).toEqual({ type: 2, invocationId: '3', item: null });
    expect(() => parseClientMessage('{"type":2,"invocationId":"3"}')).toThrow(InvalidMessageError);
    expect(parseClientMessage('{"type":3,"invocationId":"3"}')).toMatchObject({ type: 3, invocationId: '3' });
    expect(parseClientMessage('{"type":5,"invocationId":"1"}')).toEqual({ type: 5, invocationId: '1' });
    expect(parseClientMessage('{"type":7}')).toEqual({ type: 7, error: undefined, allowReconnect: false });
  });

  it('skips message types it does not know, but not records without a type', () => {
    expect(parseClientMessage('{"type":8,"sequenceId":1}')).toBeUndefined();
    expect(parseClientMessage('{"type":42}')).toBeUndefined();
    expect(() => parseClientMessage('{"target":"x","arguments":[]}')).toThrow(InvalidMessageError);
    expect(() => parseClientMessage('[1,2]')).toThrow(InvalidMessageError);
  });
});

describe('JSON hub protocol server records', () => {
  it('writes a server-to-client call without invocationId', () => {
    expect(unframe(invocationRecord('ReceiveOrderBbs', [3]))).toEqual({ type: 1, target: 'ReceiveOrderBbs', arguments: [3] });
  });

  it('keeps newlines escaped so that a record is one line', () => {
    expect(invocationRecord('ReceiveMessage', ['a\nb\r\n'])).not.toMatch(/[\r\n]/);
  });

  it('writes completions with a result, without one for void, and with an error', () => {
    expect(unframe(completionRecord('0', { result: 5 }))).toEqual({ type: 3, invocationId: '0', result: 5 });
    expect(unframe(completionRecord('1', { result: null }))).toEqual({ type: 3, invocationId: '1', result: null });
    expect(unframe(completionRecord('2', { result: undefined }))).toEqual({ type: 3, invocationId: '2' });
    expect(unframe(completionRecord('3', { error: 'Not allowed' }))).toEqual({ type: 3, invocationId: '3', error: 'Not allowed' });
  });

  it('writes Ping and Close', () => {
    expect(PING_RECORD).toBe('{"type":6}\x1e');
    expect(unframe(closeRecord())).toEqual({ type: 7 });
    expect(unframe(closeRecord('Kicked out'))).toEqual({ type: 7, error: 'Kicked out' });
    expect(unframe(closeRecord('Server restarting', true))).toEqual({ type: 7, error: 'Server restarting', allowReconnect: true });
  });
});
