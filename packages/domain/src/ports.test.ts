import { isPortCode } from './ports.js';

describe('port codes per line', () => {
  it('takes UN/LOCODEs on the sea lines', () => {
    expect(isPortCode('smallbag', 'CNSZX')).toBe(true);
    expect(isPortCode('dedicatedline', 'USLAX')).toBe(true);
    expect(isPortCode('smallbag', 'DEHA2')).toBe(true);
    expect(isPortCode('smallbag', 'CNSZ')).toBe(false);
    expect(isPortCode('smallbag', 'CNSZ1')).toBe(false);
    expect(isPortCode('dedicatedline', 'PVG')).toBe(false);
    expect(isPortCode('smallbag', 'cnszx')).toBe(false);
  });

  it('takes three-letter IATA codes on the air line', () => {
    expect(isPortCode('airtransport', 'PVG')).toBe(true);
    expect(isPortCode('airtransport', 'CNSZX')).toBe(false);
    expect(isPortCode('airtransport', 'PV1')).toBe(false);
  });
});
