import { LANGUAGES, setLanguage, useLanguage } from '@/shared/i18n';

const NAMES = { zh: '中文', en: 'English' } as const;

/** 中文 | English as two segments: one tap switches every text of the portal. */
export function LanguageToggle() {
  const language = useLanguage();
  return (
    <div className="pt-segments" role="group" aria-label="Language / 语言">
      {LANGUAGES.map((option) => (
        <button key={option} type="button" aria-pressed={language === option} lang={option === 'en' ? 'en' : 'zh-CN'} onClick={() => setLanguage(option)}>
          {NAMES[option]}
        </button>
      ))}
    </div>
  );
}
