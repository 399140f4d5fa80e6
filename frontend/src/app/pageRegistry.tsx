import { Result } from 'antd';
import { lazy, type ComponentType } from 'react';
import { appMessages } from '@/app/messages';
import { usePageRoute } from '@/app/pageRoute';
import { routeTitle } from '@/app/routeTree';
import { useLanguage, useMessages } from '@/shared/i18n';

/** A chunk that has not arrived after this long is reported as failed rather than spinning forever. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading the page timed out')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      return { default: pick(await Promise.race([load(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  });
}

/**
 * The one place a route's `component` key becomes a page. Keys the server sends that have no page yet
 * show a "coming soon" panel inside the layout.
 */
const PAGES: Record<string, ComponentType> = {
  index: lazyPage(() => import('@/features/workbench/WorkbenchPage'), (module) => module.WorkbenchPage),
};

export function resolvePage(component: string): ComponentType {
  return PAGES[component] ?? ComingSoonPage;
}

function ComingSoonPage() {
  const t = useMessages(appMessages);
  const language = useLanguage();
  const node = usePageRoute();
  return <Result status="info" title={t('comingSoon')} subTitle={t('comingSoonHint', { title: routeTitle(node, language) })} data-testid="coming-soon" />;
}
