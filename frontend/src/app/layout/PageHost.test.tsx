import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { node } from '@/test/routeNodes';
import { PageHost } from './PageHost';

const rendered: string[] = [];
const mounted: string[] = [];
const pages = new Map<string, () => ReactNode>();
vi.mock('@/app/pageRegistry', () => ({
  resolvePage: (component: string) => {
    if (!pages.has(component))
      pages.set(component, function Page() {
        rendered.push(component);
        // a state made once per mount: the page's state survives being hidden
        useState(() => mounted.push(component));
        return <div data-testid={`page-${component}`}>{component}</div>;
      });
    return pages.get(component);
  },
}));

const routes = [node('/index', { noClosable: true }), node('/smallbag/all')];
const tabs = [
  { path: '/index', closable: false, version: 0 },
  { path: '/smallbag/all', closable: true, version: 0 },
];

describe('the page host', () => {
  it('renders a restored tab only once it is shown, and keeps it mounted afterwards', () => {
    const { rerender } = render(<PageHost tabs={tabs} routes={routes} currentPath="/smallbag/all" />);
    expect(screen.getByTestId('page-smallbag/all')).toBeTruthy();
    // the workbench's tab is open but was never shown: nothing of it is fetched or rendered
    expect(screen.queryByTestId('page-index')).toBeNull();
    expect(rendered).not.toContain('index');

    rerender(<PageHost tabs={tabs} routes={routes} currentPath="/index" />);
    expect(screen.getByTestId('page-index')).toBeTruthy();
    rerender(<PageHost tabs={tabs} routes={routes} currentPath="/smallbag/all" />);
    // both stay mounted: the list shown, the workbench hidden with its state kept
    expect(screen.getByTestId('page-smallbag/all')).toBeTruthy();
    expect(screen.getByTestId('page-index')).toBeTruthy();
    expect(mounted.filter((page) => page === 'index')).toHaveLength(1);
  });
});
