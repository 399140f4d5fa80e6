import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

/**
 * antd's Dropdown brings its Menu (and the Menu its Layout) into a screen's JavaScript: the switch loads it
 * when the pointer or the keyboard first reaches the button (e2e/bundle-budget.e2e.ts), and opens it if
 * the pointer is still there, as the hover would have.
 */
const LanguageMenu = lazy(() => import('./LanguageMenu').then((module) => ({ default: module.LanguageMenu })));

export function LanguageSwitch({ label }: { label: string }) {
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      aria-label={label}
      title={label}
      data-testid="language-switch"
      // Once loaded, the drop-down's own trigger (with its delays) takes over the button.
      {...(loaded
        ? {}
        : {
            onMouseEnter: () => {
              setOpen(true);
              setWanted(true);
            },
            onMouseLeave: () => setOpen(false),
            onFocus: () => setWanted(true),
            onClick: () => {
              setOpen(true);
              setWanted(true);
            },
          })}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu open={open} onOpenChange={setOpen} onLoaded={() => setLoaded(true)}>
        {button}
      </LanguageMenu>
    </Suspense>
  );
}
