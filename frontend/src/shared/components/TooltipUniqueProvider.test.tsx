import { render } from '@/test/render';
import { act, screen } from '@testing-library/react';
import { Tooltip } from 'antd';
import { describe, expect, it } from 'vitest';
import TooltipUniqueProvider from './TooltipUniqueProvider';

describe("ConfigProvider's tooltip.unique, loaded when set", () => {
  it('shows the children at once and keeps them once antd’s UniqueProvider has arrived, where a tooltip still opens', async () => {
    render(
      <TooltipUniqueProvider>
        <Tooltip title="Shown in the one shared popup" open>
          <span data-testid="anchor">?</span>
        </Tooltip>
      </TooltipUniqueProvider>,
    );
    expect(screen.getByTestId('anchor').textContent).toBe('?');
    await act(async () => {
      await import('antd/es/tooltip/UniqueProvider');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByTestId('anchor').textContent).toBe('?');
    expect((await screen.findByText('Shown in the one shared popup', {}, { timeout: 5000 })).textContent).toBe('Shown in the one shared popup');
  });
});
