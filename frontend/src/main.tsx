import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { installRequestHooks } from '@/app/requestHooks';
import { preloadSignedIn } from '@/app/router';
import { registerServiceWorker } from '@/app/serviceWorker';
import { captureGlobalErrors } from '@/shared/errorLog/errorLog';
// antd's styles first, so that the client's own (same specificity) come after them
import 'virtual:antd-styles.css';
import '@/app/global.css';

// public/browser-check.js already told this browser it is too old: the app would fail halfway.
if (!document.getElementById('browser-warning')) {
  captureGlobalErrors();
  installRequestHooks();
  registerServiceWorker();
  preloadSignedIn();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
