import { defineConfig } from 'vitest/config';

// the rules' specs read as the backend's do (describe/it/expect as globals)
export default defineConfig({ test: { include: ['src/**/*.test.ts'], environment: 'node', globals: true } });
