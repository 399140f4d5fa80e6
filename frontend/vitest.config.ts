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
    },
  }),
);
