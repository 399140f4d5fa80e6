import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
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
    // antd's components share most of their code, so they come as one cached chunk (~290 kB gzipped).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries change less often than our code: their own chunks stay cached across deploys.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|dayjs|classnames|clsx)[\\/]/ },
          ],
        },
      },
    },
  },
});
