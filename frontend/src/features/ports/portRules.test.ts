import { describe, expect, it } from 'vitest';
import { isPortCode, portScreenOf } from './portRules';

describe('port screens', () => {
  it('reads the line and the kind from the route', () => {
    expect(portScreenOf('/port/smallbagStart')).toEqual({ shipType: 'smallbag', kind: 'start' });
    expect(portScreenOf('/port/dedicatedlineEnd')).toEqual({ shipType: 'dedicatedline', kind: 'end' });
    expect(portScreenOf('/port/airtransportEnd/')).toEqual({ shipType: 'airtransport', kind: 'end' });
  });

  it('knows no screen for an unknown line or kind', () => {
    expect(portScreenOf('/port/railStart')).toBeNull();
    expect(portScreenOf('/port/smallbag')).toBeNull();
  });
});

describe('port codes', () => {
  it('takes a UN/LOCODE on the sea lines, in any case', () => {
    expect(isPortCode('smallbag', 'CNSZX')).toBe(true);
    expect(isPortCode('dedicatedline', 'uslax')).toBe(true);
    expect(isPortCode('smallbag', 'CNSZ1')).toBe(false);
    expect(isPortCode('smallbag', 'PVG')).toBe(false);
  });

  it('takes a 3-letter IATA code on the air line', () => {
    expect(isPortCode('airtransport', 'PVG')).toBe(true);
    expect(isPortCode('airtransport', 'CNSZX')).toBe(false);
  });
});
