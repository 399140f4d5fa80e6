import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { namedRoles, RoleTags } from './RoleTags';

const held = [
  { code: 'salesman', name: '业务员', nameEn: 'Salesman' },
  { code: 'finance', name: '财务', nameEn: null },
];

describe('role tags', () => {
  it('show the roles by name, not by code', () => {
    render(<RoleTags roles={held} />);
    expect(screen.getAllByText(/.+/).map((tag) => tag.textContent)).toEqual(['业务员', '财务']);
    expect(screen.queryByText('salesman')).toBeNull();
  });

  it('show the English name in English, the Chinese one where a role has none', () => {
    setLanguage('en');
    try {
      render(<RoleTags roles={held} />);
      expect(screen.getByText('Salesman')).toBeTruthy();
      expect(screen.getByText('财务')).toBeTruthy();
    } finally {
      setLanguage('zh');
    }
  });

  it('name the codes of a role guard from the role list; an unknown code stays as it is', () => {
    expect(namedRoles(['finance', 'gone'], held)).toEqual([held[1], { code: 'gone', name: 'gone' }]);
    expect(namedRoles(['salesman'], undefined)).toEqual([{ code: 'salesman', name: 'salesman' }]);
  });
});
