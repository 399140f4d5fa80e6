import {
  bookAmountOf,
  bucketOf,
  canMove,
  chargeAmounts,
  chargeChangeRefusal,
  commissionOf,
  marginOf,
  rateFor,
  RECORD_MOVES,
  RECORD_STATUSES,
  ruleFor,
  type RecordMove,
} from './finance-rules.js';

describe('finance rules', () => {
  it('allows each move only from its states', () => {
    const allowed = Object.fromEntries(
      (Object.keys(RECORD_MOVES) as RecordMove[]).map((move) => [move, RECORD_STATUSES.filter((status) => canMove(move, status))]),
    );
    expect(allowed).toEqual({
      update: ['registered'],
      submit: ['registered'],
      pass: ['pending'],
      refuse: ['pending'],
      amendRefused: ['refused'],
      unlock: ['locked'],
      amendUnlocked: ['unlocked'],
      lock: ['unlocked'],
      delete: ['registered', 'pending', 'refused'],
    });
    // nothing but unlock leaves a locked record
    expect((Object.keys(RECORD_MOVES) as RecordMove[]).filter((move) => canMove(move, 'locked'))).toEqual(['unlock']);
  });

  it('computes book amounts to the cent, half away from zero, without float drift', () => {
    expect(bookAmountOf(100, 7.1234)).toBe(712.34);
    expect(bookAmountOf(0.1, 3)).toBe(0.3);
    expect(bookAmountOf(1, 7.77777)).toBe(7.78);
    expect(bookAmountOf(10.05, 0.5)).toBe(5.03);
    expect(bookAmountOf(999_999_999_999.99, 7.123456)).toBe(7_123_455_999_999.93);
    expect(bookAmountOf(5, 0)).toBe(0);
  });

  it('taxes a charge to the cent and books its total (amount + tax) at the rate', () => {
    expect(chargeAmounts(1000, 6, 7)).toEqual({ tax: 60, total: 1060, bookAmount: 7420 });
    expect(chargeAmounts(333.33, 6.5, 1)).toEqual({ tax: 21.67, total: 355, bookAmount: 355 });
    expect(chargeAmounts(0.1, 0, 3)).toEqual({ tax: 0, total: 0.1, bookAmount: 0.3 });
    expect(chargeAmounts(10.05, 100, 0.5)).toEqual({ tax: 10.05, total: 20.1, bookAmount: 10.05 });
  });

  it('refuses charge changes on voided and settled orders, to non-auditors while records wait for audit, and below what was received', () => {
    const open = { stage: 'sail', sideState: null, pendingRecords: [] };
    expect(chargeChangeRefusal(open, false)).toBeNull();
    expect(chargeChangeRefusal({ ...open, sideState: 'delete', stage: 'brokerage' }, true)).toEqual({ reason: 'voided' });
    expect(chargeChangeRefusal({ ...open, stage: 'brokerage' }, true)).toEqual({ reason: 'brokerage' });
    const underAudit = { ...open, pendingRecords: ['FE2611220001'] };
    expect(chargeChangeRefusal(underAudit, false)).toEqual({ reason: 'underAudit', records: ['FE2611220001'] });
    expect(chargeChangeRefusal(underAudit, true)).toBeNull();
    // lowering below the received amount is refused; down to it, raising, or a change that leaves the revenue alone passes
    expect(chargeChangeRefusal(open, false, { before: 1000, after: 700, received: 800 })).toEqual({ reason: 'belowReceived', received: 800, revenue: 700 });
    expect(chargeChangeRefusal(open, false, { before: 1000, after: 800, received: 800 })).toBeNull();
    expect(chargeChangeRefusal(open, false, { before: 500, after: 600, received: 800 })).toBeNull();
    expect(chargeChangeRefusal(open, false, { before: 500, after: 500, received: 800 })).toBeNull();
  });

  it('forces rate 1 for CNY and asks for one otherwise', () => {
    expect(rateFor('CNY', 7)).toBe(1);
    expect(rateFor('USD', null)).toBeNull();
    expect(rateFor('USD', 7.1)).toBe(7.1);
  });

  it('puts ages into the 0–30, 31–60, 61–90 and >90 day buckets', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual(['d0_30', 'd0_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90plus', 'd90plus']);
  });

  it('chooses the most specific enabled rule, ties by lowest id', () => {
    const rule = (id: number, over: Partial<{ shipType: string; salesmanId: number; customerLevel: string; enabled: boolean }> = {}) => ({
      id,
      shipType: null,
      salesmanId: null,
      customerLevel: null,
      enabled: true,
      ...over,
    });
    const rules = [
      rule(1),
      rule(2, { shipType: 'smallbag' }),
      rule(3, { customerLevel: 'A' }),
      rule(4, { salesmanId: 7 }),
      rule(5, { salesmanId: 7, enabled: false, shipType: 'smallbag' }),
      rule(6, { customerLevel: 'A' }),
    ];
    const order = (over: Partial<{ shipType: string; salesmanId: number; customerLevel: string | null }> = {}) => ({
      shipType: 'airtransport',
      salesmanId: 1,
      customerLevel: null,
      ...over,
    });
    expect(ruleFor(rules, order())?.id).toBe(1);
    expect(ruleFor(rules, order({ shipType: 'smallbag' }))?.id).toBe(2);
    expect(ruleFor(rules, order({ shipType: 'smallbag', customerLevel: 'A' }))?.id).toBe(3);
    expect(ruleFor(rules, order({ shipType: 'smallbag', customerLevel: 'A', salesmanId: 7 }))?.id).toBe(4);
    expect(ruleFor(rules.slice(1), order())).toBeNull();
  });

  it('never pays a negative commission, and rounds margins to 4 decimals', () => {
    expect(commissionOf(10000, 3)).toBe(300);
    expect(commissionOf(-500, 10)).toBe(0);
    expect(commissionOf(1234.56, 2.5)).toBe(30.86);
    expect(marginOf(7500, 4300)).toBe(0.5733);
    expect(marginOf(0, -10)).toBeNull();
  });
});
