import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { installRequestHooks } from '@/app/requestHooks';
import { captureGlobalErrors } from '@/shared/errorLog/errorLog';
import '@/app/global.css';

captureGlobalErrors();
installRequestHooks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
