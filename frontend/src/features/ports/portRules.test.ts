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

describe('port codes in the form', () => {
  // the rule itself is the domain's (packages/domain/src/ports.test.ts); the form adds the case and the spaces
  it('checks a code in any case and with spaces around it, as it is stored', () => {
    expect(isPortCode('dedicatedline', ' uslax ')).toBe(true);
    expect(isPortCode('airtransport', 'pvg')).toBe(true);
    expect(isPortCode('smallbag', 'cnsz1')).toBe(false);
    expect(isPortCode('smallbag', 'pvg')).toBe(false);
  });
});
