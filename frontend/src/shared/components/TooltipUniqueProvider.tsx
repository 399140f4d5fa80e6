import type { ReactNode } from 'react';
import { loadedWhenShown } from './loadedWhenShown';

/**
 * The UniqueProvider antd's ConfigProvider takes for its `tooltip.unique` option (vite.config.ts hands it
 * this module): antd's own, loaded when a ConfigProvider first sets that option. ConfigProvider imports it,
 * and with it all of @rc-component/trigger, whether the option is set or not, which put both into the
 * JavaScript every screen loads first (e2e/bundle-budget.e2e.ts); this client does not set it. Until it has
 * arrived the children show without it, as with the option off.
 */
export default loadedWhenShown<{ children?: ReactNode }>(
  () => import('antd/es/tooltip/UniqueProvider'),
  (props) => props.children,
);
