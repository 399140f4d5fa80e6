import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = 'http://127.0.0.1:3000';

/**
 * antd modules that import, for a feature few screens use, code that would otherwise load before the first
 * screen (e2e/bundle-budget.e2e.ts): each import is handed a module of ours that loads antd's own when first
 * wanted. Should antd stop importing one of these, its entry does nothing and the budget test says so.
 * - Form.Item's label imports Tooltip for its `tooltip` prop, which few forms use, so the sign-in form came
 *   with the Tooltip, its styles and placements (shared/components/FormLabelTooltip.tsx).
 * - ConfigProvider imports the Tooltip's UniqueProvider, and with it all of @rc-component/trigger, for its
 *   `tooltip.unique` option, which this client does not set (shared/components/TooltipUniqueProvider.tsx).
 * - Button's styles import a colour helper from the ColorPicker's presets, whose module imports Collapse
 *   for the presets panel; the entry's chunk group below takes a module's imports whether used or not, so
 *   Collapse came before the sign-in form though only the order finance panel shows one
 *   (shared/components/PresetsCollapse.tsx).
 */
const LOADED_WHEN_WANTED = [
  { importer: /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/, source: '../tooltip', module: 'src/shared/components/FormLabelTooltip.tsx' },
  {
    importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    module: 'src/shared/components/TooltipUniqueProvider.tsx',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets\.js$/,
    source: '../../collapse',
    module: 'src/shared/components/PresetsCollapse.tsx',
  },
].map((entry) => ({ ...entry, module: fileURLToPath(new URL(entry.module, import.meta.url)) }));

function antdLoadedWhenWanted(): Plugin {
  return {
    name: 'antd-loaded-when-wanted',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return LOADED_WHEN_WANTED.find((entry) => entry.source === source && entry.importer.test(importer))?.module ?? null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    antdLoadedWhenWanted(),
    // Offline-capable app mode (production builds only): sw.js precaches the built client, so the app shell
    // loads without the network; src/app/serviceWorker.ts registers it and runs the update flow.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: '货代业务管理系统',
        short_name: '货代管理',
        lang: 'zh-CN',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#001529',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // client routes (history mode) open the cached page; the API, the hub and files always go to the server
        navigateFallback: 'index.html',
        // the public tracking page (/t/{token}) is the server's, even in a browser that runs the back office
        navigateFallbackDenylist: [/^\/api\//, /^\/chathub/, /^\/files\//, /^\/t\//],
        cleanupOutdatedCaches: true,
        // a new version waits until the page has told its user (serviceWorker.ts), then takes over
        skipWaiting: false,
        clientsClaim: false,
      },
    }),
  ],
  // @forwarder/domain is bundled from its TypeScript sources (its dist is for the server under plain node)
  resolve: { tsconfigPaths: true, conditions: ['forwarder-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['forwarder-source', ...defaultServerConditions] } },
  server: {
    port: 10000,
    strictPort: true,
    proxy: {
      '/api': backend,
      // The real-time hub negotiates over HTTP, then upgrades to a WebSocket on the same path.
      '/chathub': { target: backend, ws: true },
      '/files': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // @rc-component/input does not say that it has no side effects, so the sign-in page's Input kept its
      // TextArea (with the auto-size measuring) though no screen there uses one (e2e/bundle-budget.e2e.ts).
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]input[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // React changes less often than our code: its own chunk stays cached across deploys. antd is not
          // forced into one chunk: each screen loads the components it uses (e2e/bundle-budget.e2e.ts).
          // What the entry imports statically (the shell, antd's style engine, the router's guards) is
          // needed before any screen shows: one chunk for it, not a dozen shared pieces that each compress
          // on their own (the sign-in page 5 KB lighter, the workbench 8 KB). The group takes every module
          // those import, used or not (see LOADED_WHEN_WANTED's ColorPresets).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
