import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { LANGUAGES, setLanguage, useLanguage, type Language } from '@/shared/i18n';

/** Each language named in itself, so it can be found whatever is shown now. */
const LANGUAGE_NAMES: Record<Language, string> = { zh: '简体中文', en: 'English' };

export function LanguageSwitch({ label }: { label: string }) {
  const language = useLanguage();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((key) => ({ key, label: <span data-testid={`language-${key}`}>{LANGUAGE_NAMES[key]}</span> })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={label} title={label} data-testid="language-switch" />
    </Dropdown>
  );
}
