import type { CollapseProps } from 'antd';
import { loadedWhenShown } from './loadedWhenShown';

/**
 * The Collapse antd's ColorPicker lays its preset colours out in (vite.config.ts hands it this module):
 * antd's Collapse, loaded when a colour picker first shows presets. The presets' module is imported by
 * Button's styles for a colour helper, which put Collapse into the JavaScript before the sign-in form
 * (e2e/bundle-budget.e2e.ts). Until it has arrived the presets panel is empty.
 */
export default loadedWhenShown<CollapseProps>(() => import('antd/es/collapse'));
