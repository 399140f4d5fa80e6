import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/** The page is the folder's index.html once built: the server answers /m and its client routes with it. */
function pageAsIndex(): Plugin {
  return {
    name: 'portal-page-as-index',
    // after Vite's own html plugin has emitted the page
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['portal.html'];
      if (page) page.fileName = 'index.html';
    },
  };
}

/**
 * The customer portal (src/portal, docs/portal-screens.md): its own entry, built after the staff client into
 * dist/m and served under /m, so that neither's bundles, budgets or service worker touch the other's.
 * No antd: the portal's few blocks are its own (src/portal/ui) and its first screen stays small.
 */
export default defineConfig({
  base: '/m/',
  plugins: [react(), pageAsIndex()],
  resolve: { tsconfigPaths: true, conditions: ['forwarder-source', ...defaultClientConditions] },
  publicDir: false,
  build: {
    outDir: 'dist/m',
    emptyOutDir: true,
    rolldownOptions: {
      input: 'portal.html',
      output: {
        codeSplitting: {
          // React and the router change less often than the portal: their chunk stays cached across deploys
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 2 }],
        },
      },
    },
  },
});
