import { render } from '@/test/render';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FormLabelTooltip from './FormLabelTooltip';

describe("the form label's tooltip", () => {
  it('shows the label’s icon at once, and the tip on hover once antd’s Tooltip has arrived', async () => {
    render(
      <FormLabelTooltip title="Printed on the receipt">
        <span data-testid="hint">?</span>
      </FormLabelTooltip>,
    );
    expect(screen.getByTestId('hint').textContent).toBe('?');
    // antd's Tooltip arrives and takes over the icon
    await act(async () => {
      await import('antd/es/tooltip');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    fireEvent.mouseEnter(screen.getByTestId('hint'));
    expect((await screen.findByRole('tooltip', {}, { timeout: 5000 })).textContent).toBe('Printed on the receipt');
  });
});
