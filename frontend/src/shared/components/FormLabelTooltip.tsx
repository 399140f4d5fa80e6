import type { TooltipProps } from 'antd';
import { loadedWhenShown } from './loadedWhenShown';

/**
 * The Tooltip antd's Form.Item label takes for its `tooltip` prop (vite.config.ts hands it this module):
 * antd's Tooltip, loaded when a label first shows one. The label imports Tooltip whether it shows one or
 * not, which put the Tooltip, its styles and placements into the sign-in page's JavaScript
 * (e2e/bundle-budget.e2e.ts). Until it has arrived the label's icon shows as it does under a closed tooltip.
 */
export default loadedWhenShown<TooltipProps>(
  () => import('antd/es/tooltip'),
  (props) => props.children,
);
