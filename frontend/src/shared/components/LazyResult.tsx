import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result carries its 403/404/500 pictures: it loads when a result is first shown, not with the
// screen around it (e2e/bundle-budget.e2e.ts).
const Result = lazy(() => import('antd/es/result'));

/** antd's Result, loaded when first shown (nothing is drawn in the moment before). */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
