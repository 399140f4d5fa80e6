import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render';
import { PriceImportDialog } from './PriceImportDialog';

// the panel itself (template, upload, report) has its own tests; here: what the dialog hands it
vi.mock('@/shared/components/ImportResult', () => ({
  ImportPanel: ({ calls, onImported }: { calls: Record<string, string>; onImported: () => void }) => (
    <button type="button" data-testid="panel" data-calls={JSON.stringify(calls)} onClick={onImported} />
  ),
}));

describe('the price import dialog', () => {
  it('imports into the line of the screen, with the price template', async () => {
    const onImported = vi.fn();
    renderInApp(<PriceImportDialog shipType="airtransport" onImported={onImported} onClose={vi.fn()} />);
    expect((await screen.findByRole('dialog')).textContent).toContain('导入');
    expect(JSON.parse(screen.getByTestId('panel').dataset.calls!)).toEqual({
      templatePath: '/price/template',
      templateName: 'price-import-template.xlsx',
      importPath: '/price/import/airtransport',
    });
    fireEvent.click(screen.getByTestId('panel'));
    expect(onImported).toHaveBeenCalled();
  });

  it('closes on its close button', async () => {
    const onClose = vi.fn();
    renderInApp(<PriceImportDialog shipType="smallbag" onImported={vi.fn()} onClose={onClose} />);
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
