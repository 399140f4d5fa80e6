import { describe, expect, it } from 'vitest';
import { isIdempotentCreate } from './idempotent-creates.js';

describe('isIdempotentCreate', () => {
  it('names the creates: …/add, replies, the track insert, finance records, uploads, imports, a quoted charge', () => {
    for (const [method, path] of [
      ['PUT', '/question/add'],
      ['PUT', '/order/smallbag/add'],
      ['PUT', '/order/bbs/add/12'],
      ['PUT', '/order/bbs/reply/add/5'],
      ['PUT', '/dict/item/add'],
      ['POST', '/order/track/insert'],
      ['POST', '/order/finance/add/receivable'],
      ['POST', '/file/update'],
      ['POST', '/price/import/smallbag'],
      ['POST', '/order/costapply/import/airtransport'],
      ['POST', '/finance/charge/quote/3'],
    ]) {
      expect(isIdempotentCreate(method, path), `${method} ${path}`).toBe(true);
    }
  });

  it('leaves out reads, updates, deletes and files sent back', () => {
    for (const [method, path] of [
      ['GET', '/question/add'],
      ['POST', '/question/list'],
      ['POST', '/question/update'],
      ['DELETE', '/question/delete/1'],
      ['POST', '/order/label/export'],
      ['POST', '/price/template'],
      ['POST', '/order/finance/update'],
      ['POST', '/order/address/added'],
    ]) {
      expect(isIdempotentCreate(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
