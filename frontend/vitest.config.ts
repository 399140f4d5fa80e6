import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Under vitest `antd` resolves to its CommonJS build (lib/), where the browser build takes es/: the
    // modules the app imports by path (antd/es/app/context for App.useApp()'s context) follow it, so both
    // sides share one context.
    resolve: { alias: [{ find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' }] },
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // component tests render antd dialogs: generous on a loaded machine
      testTimeout: 20_000,
      // the files share their worker's modules (jsdom, React, antd loaded once per worker, not once per file):
      // about a third less CPU. The setup file's afterEach leaves no state behind (the DOM emptied, storage
      // cleared); a file that set more (a module's store, a mock) puts it back itself. A run with the files
      // shuffled (--sequence.shuffle.files) passes as well.
      isolate: false,
    },
  }),
);
