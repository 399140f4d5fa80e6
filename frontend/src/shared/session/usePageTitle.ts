import { useEffect } from 'react';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { useLoginSettings } from '@/shared/session/loginSettings';
import { sessionMessages } from '@/shared/session/messages';

/** The product's name as the server configures it, in the current language. */
export function useProductTitle(): string {
  const language = useLanguage();
  const t = useMessages(sessionMessages);
  const settings = useLoginSettings();
  return settings ? localized(language, settings.title, settings.titleEn) : t('productTitle');
}

/** Browser tab title: the page, then the product. */
export function usePageTitle(pageTitle: string): void {
  const productTitle = useProductTitle();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${productTitle}` : productTitle;
  }, [pageTitle, productTitle]);
}
