import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { portalMessages } from '../messages';
import { LanguageToggle } from './LanguageToggle';

/** The signed-out pages' frame (sign-in, binding): the brand and the language switch above the page's title. */
export function WelcomePage({ title, children }: { title: string; children: ReactNode }) {
  const t = useMessages(portalMessages);
  return (
    <main className="pt-welcome">
      <div className="pt-welcome-top">
        <span className="pt-brand">{t('brand')}</span>
        <LanguageToggle />
      </div>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
