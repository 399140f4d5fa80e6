import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { recordFields } from './RecordFormDialog';

const base = { type: '运费收款', amount: 1000, counterparty: '  环球贸易  ', method: '银行转账', paidOn: dayjs('2026-11-22') };

describe('recordFields', () => {
  it('sends rate 1 for the book currency, whatever the field held', () => {
    expect(recordFields({ ...base, currency: 'CNY', rate: 7.1 })).toMatchObject({ currency: 'CNY', rate: 1, paidOn: '2026-11-22', counterparty: '环球贸易' });
  });

  it('keeps the rate of a foreign currency and sends no order for an office cost', () => {
    expect(recordFields({ ...base, currency: 'USD', rate: 7.123456 })).toMatchObject({ rate: 7.123456, orderId: null, remark: null });
  });

  it('sends the ids of the vouchers uploaded and kept, not those still uploading', () => {
    const fields = recordFields({
      ...base,
      currency: 'CNY',
      voucherIds: [
        { uid: 'a', name: 'a.pdf', status: 'done', response: { data: { id: 11, fileName: 'a.pdf', url: '/files/a.pdf' } } },
        { uid: 'b', name: 'b.pdf', status: 'uploading' },
      ],
    });
    expect(fields.voucherIds).toEqual([11]);
  });
});
