import { useComponentConfig } from 'antd/es/config-provider/context';
import useStyle from 'antd/es/spin/style/index';

/**
 * antd's `<Spin size="large" />` on its own (no content under it, no delay, no progress): the same elements,
 * classes and antd's own spin styles, without the Spin's code (its delay, progress and nesting) in the
 * JavaScript every screen loads first (e2e/bundle-budget.e2e.ts): the page spinner shown while the first
 * route loads.
 */
export function PlainSpin() {
  const { getPrefixCls, direction, className: contextClassName } = useComponentConfig('spin');
  const prefixCls = getPrefixCls('spin');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const className = [
    prefixCls,
    `${prefixCls}-lg`,
    `${prefixCls}-spinning`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    `${prefixCls}-section`,
    contextClassName,
    hashId,
    cssVarCls,
  ];
  return (
    <div className={className.filter(Boolean).join(' ')} aria-live="polite" aria-busy="true">
      <span className={`${prefixCls}-dot-holder`}>
        <span className={`${prefixCls}-dot ${prefixCls}-dot-spin`}>
          {[1, 2, 3, 4].map((dot) => (
            <i className={`${prefixCls}-dot-item`} key={dot} />
          ))}
        </span>
      </span>
    </div>
  );
}
