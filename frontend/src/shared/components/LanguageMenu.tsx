import { Dropdown } from 'antd';
import { useEffect, type ReactElement } from 'react';
import { LANGUAGES, setLanguage, useLanguage, type Language } from '@/shared/i18n';

/** Each language named in itself, so it can be found whatever is shown now. */
const LANGUAGE_NAMES: Record<Language, string> = { zh: '简体中文', en: 'English' };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLoaded: () => void;
  children: ReactElement;
}

/** The languages' drop-down around the switch's button (loaded by LanguageSwitch when first wanted). */
export function LanguageMenu({ open, onOpenChange, onLoaded, children }: Props) {
  const language = useLanguage();
  useEffect(() => onLoaded(), [onLoaded]);
  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((key) => ({ key, label: <span data-testid={`language-${key}`}>{LANGUAGE_NAMES[key]}</span> })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      {children}
    </Dropdown>
  );
}
