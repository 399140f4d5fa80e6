import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage, lazyPages } from './lazyPage';

describe('lazyPages', () => {
  it('shows the export named as the page file', async () => {
    const files = { './staff/StaffListPage.tsx': async () => ({ StaffListPage: () => <p>staff</p>, StaffRow: () => <p>row</p> }) };
    const Page = lazyPages(files, { 'base/staff/list': './staff/StaffListPage' })['base/staff/list'];
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('staff')).toBeTruthy();
  });

  it('refuses a route whose page file is not among the area files', () => {
    expect(() => lazyPages({}, { 'base/dict': './dict/DictPage' })).toThrow('./dict/DictPage.tsx');
  });

  it('asks for a page’s chunk ahead of its render on preload, and leaves a failure to the render', async () => {
    const load = vi.fn(async () => ({ Page: () => <p>orders</p> }));
    const Page = lazyPage(load, (module) => module.Page);
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('orders')).toBeTruthy();
    const failing = lazyPage(
      () => Promise.reject(new Error('offline')),
      () => () => null,
    );
    expect(() => failing.preload()).not.toThrow();
  });
});
