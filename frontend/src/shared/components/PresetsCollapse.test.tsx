import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PresetsCollapse from './PresetsCollapse';

describe("the colour picker presets' Collapse, loaded when shown", () => {
  it('shows the presets in antd’s Collapse once it has arrived', async () => {
    render(<PresetsCollapse defaultActiveKey={['theme']} ghost items={[{ key: 'theme', label: 'Theme colours', children: <span>#1677ff</span> }]} />);
    expect((await screen.findByText('Theme colours', {}, { timeout: 5000 })).closest('.ant-collapse')).not.toBeNull();
    expect(screen.getByText('#1677ff')).toBeTruthy();
  });
});
