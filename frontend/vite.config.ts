import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_TOKENS } from './src/app/themeTokens.ts';

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

/** The import that brings antd's styles, rendered at build time (src/main.tsx). */
const ANTD_STYLES = 'virtual:antd-styles.css';
const ANTD_STYLES_ID = '/__antd-styles.css';
const require = createRequire(import.meta.url);
const antdEs = path.dirname(require.resolve('antd/es/index.js'));

/** What a module of antd's es build imports from antd's own folders (relative imports, resolved to files). */
function antdImports(file: string): string[] {
  const found: string[] = [];
  for (const [, source] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), source);
    const candidates = [target, `${target}.js`, path.join(target, 'index.js')];
    const resolved = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
    if (resolved?.startsWith(antdEs)) found.push(resolved);
  }
  return found;
}

/** `Button` of `Button`, `Button as AntButton` or `type ButtonProps` in an import's braces. */
const importedName = (specifier: string) =>
  specifier
    .trim()
    .replace(/^type\s+/, '')
    .split(/\s+as\s+/)[0];

/**
 * The antd components whose styles the client can ever ask for: those whose style hook is reachable from
 * what the sources import (from `antd` or by path under `antd/es/`) through antd's own modules (Table's
 * Pagination, Select and Checkbox, Form's Grid...).
 */
function usedAntdComponents(): string[] {
  const exported = new Map<string, string>();
  for (const [, name, folder] of readFileSync(path.join(antdEs, 'index.js'), 'utf8').matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g))
    exported.set(name, folder);
  const start = new Set<string>();
  const walkSources = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walkSources(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(file, 'utf8');
        for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
          for (const name of names.split(',').map(importedName)) if (exported.has(name)) start.add(path.join(antdEs, exported.get(name)!, 'index.js'));
        for (const [, sub] of text.matchAll(/from\s*'antd\/es\/([^']+)'/g)) start.add(require.resolve(`antd/es/${sub}`));
      }
    }
  };
  walkSources(fileURLToPath(new URL('src', import.meta.url)));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...antdImports(file));
  }
  const folderOf = (file: string) => path.relative(antdEs, file).split(path.sep)[0];
  // a component is drawn when its style hook is reached, not when only its locale or context is imported;
  // a folder that only re-exports another's component goes with it (Row and Col are Grid's)
  const styled = new Set([...seen].filter((file) => path.relative(antdEs, file).split(path.sep)[1] === 'style').map(folderOf));
  const owners = (folder: string) => {
    const imported = antdImports(path.join(antdEs, folder, 'index.js')).map(folderOf);
    return imported.length && !imported.includes(folder) ? imported : [folder];
  };
  return [...exported].filter(([, folder]) => owners(folder).some((owner) => styled.has(owner))).map(([name]) => name);
}

/**
 * antd's component styles as one static stylesheet, rendered at build time with the client's tokens
 * (@ant-design/static-style-extract, as antd builds its own dist/antd.css), for `theme.zeroRuntime` (src/app/App.tsx):
 * antd then no longer generates, hashes and inserts each component's styles in the browser on its first
 * render, which was a third of the signed-in workbench's script time (issue 31). Only the components the
 * client can load are rendered (765 KB of antd's 1 MB). The tokens still reach the page as CSS
 * variables at run time, so the reduced-motion theme keeps working.
 */
function antdStaticStyles(): Plugin {
  return {
    name: 'antd-static-styles',
    resolveId: (source) => (source === ANTD_STYLES ? ANTD_STYLES_ID : null),
    load(id) {
      if (id !== ANTD_STYLES_ID) return null;
      const { extractStyle } = require('@ant-design/static-style-extract') as typeof import('@ant-design/static-style-extract');
      const { createElement } = require('react') as typeof import('react');
      const { ConfigProvider } = require('antd') as typeof import('antd');
      const styles = extractStyle({
        includes: usedAntdComponents(),
        customTheme: (node) => createElement(ConfigProvider, { theme: { token: THEME_TOKENS, hashed: false } }, node),
      });
      // the token variables, scoped to the key the extraction's provider had: the page registers its own
      return styles.replace(/(?<=^|\})\.css-var-[^{}]*\{[^{}]*\}/g, '');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    antdLoadedWhenWanted(),
    antdStaticStyles(),
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
        globIgnores: ['m/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // client routes (history mode) open the cached page; the API, the hub and files always go to the server
        navigateFallback: 'index.html',
        // the public tracking page (/t/{token}) is the server's, even in a browser that runs the back office
        // and so is the customer portal (/m, its own client, built into dist/m: not precached here either)
        navigateFallbackDenylist: [/^\/api\//, /^\/chathub/, /^\/files\//, /^\/t\//, /^\/m(\/|$)/],
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
