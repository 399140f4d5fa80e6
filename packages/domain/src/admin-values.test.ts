import { mayHaveChildren } from './admin-values.js';

describe('menu node types', () => {
  it('lets directories and menus hold children, buttons none', () => {
    expect(mayHaveChildren('directory')).toBe(true);
    expect(mayHaveChildren('menu')).toBe(true);
    expect(mayHaveChildren('button')).toBe(false);
  });
});
