import { describe, expect, it } from 'vitest';
import { defaultReportPeriod } from './dateField';

const days = (period: ReturnType<typeof defaultReportPeriod>) => period.map((day) => day.format('YYYY-MM-DD'));

describe("the report screen's default period", () => {
  it('runs from the first of the month to today', () => {
    expect(days(defaultReportPeriod(new Date('2026-11-18T03:00:00Z')))).toEqual(['2026-11-01', '2026-11-18']);
  });

  it("follows the business day in Shanghai, not the browser's: at 20:00 UTC on 31 March it is already 1 April", () => {
    expect(days(defaultReportPeriod(new Date('2026-03-31T20:00:00Z')))).toEqual(['2026-04-01', '2026-04-01']);
    expect(days(defaultReportPeriod(new Date('2026-04-01T15:59:00Z')))).toEqual(['2026-04-01', '2026-04-01']);
    expect(days(defaultReportPeriod(new Date('2026-04-01T16:00:00Z')))).toEqual(['2026-04-01', '2026-04-02']);
  });
});
