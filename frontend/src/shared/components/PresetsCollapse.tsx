import type { CollapseProps } from 'antd';
import { lazy, Suspense } from 'react';

const Collapse = lazy(() => import('antd/es/collapse'));

/**
 * The Collapse antd's ColorPicker lays its preset colours out in (vite.config.ts hands it this module):
 * antd's Collapse, loaded when a colour picker first shows presets. The presets' module is imported by
 * Button's styles for a colour helper, which put Collapse into the JavaScript before the sign-in form
 * (e2e/bundle-budget.e2e.ts). Until it has arrived the presets panel is empty.
 */
export default function PresetsCollapse(props: CollapseProps) {
  return (
    <Suspense fallback={null}>
      <Collapse {...props} />
    </Suspense>
  );
}
