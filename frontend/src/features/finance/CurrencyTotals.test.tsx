import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { CurrencyTotals } from './CurrencyTotals';

describe('CurrencyTotals', () => {
  it('shows the server totals per currency, the book currency first, with their record counts', () => {
    setLanguage('zh');
    render(
      <CurrencyTotals
        totals={[
          { currency: 'USD', amount: 1500, count: 2 },
          { currency: 'CNY', amount: '12345.6', count: 5 },
        ]}
      />,
    );
    const tags = screen.getByTestId('finance-totals').querySelectorAll('.ant-tag');
    expect([...tags].map((tag) => tag.textContent)).toEqual(['12,345.60 CNY（5 条）', '1,500.00 USD（2 条）']);
  });

  it('says there is nothing when no record matches', () => {
    setLanguage('en');
    render(<CurrencyTotals totals={[]} />);
    expect(screen.getByTestId('finance-totals').textContent).toBe('Totals:None');
  });
});
