import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { getLanguage, onLanguageChange, type Language } from '@/shared/i18n';

/**
 * Dates (dayjs, and antd's pickers through it) follow the chosen language. Imported by the signed-in
 * layout, before any page that shows a date: the sign-in page shows none, and loads without dayjs
 * (e2e/bundle-budget.e2e.ts).
 */
function applyDateLanguage(language: Language): void {
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
}

applyDateLanguage(getLanguage());
onLanguageChange(applyDateLanguage);
