import { useEffect } from 'react';
import { appMessages } from '@/app/messages';
import { useLoginSettings } from '@/app/session/loginSettings';
import { localized, useLanguage, useMessages } from '@/shared/i18n';

/** The product's name as the server configures it, in the current language. */
export function useProductTitle(): string {
  const language = useLanguage();
  const t = useMessages(appMessages);
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
