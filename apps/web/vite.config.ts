import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

const DEFAULT_API_PORT = '8080';

/** `VITE_API_PROXY` may be a port (`8081`) or a full origin (`http://127.0.0.1:8081`). */
function getApiTarget(value: string | undefined): string {
  const target = value?.trim() || DEFAULT_API_PORT;
  return /^\d+$/.test(target) ? `http://127.0.0.1:${target}` : target;
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const apiTarget = getApiTarget(env.VITE_API_PROXY);
  // /public/api serves the public dashboards; both go to the API in development.
  const proxy = {
    '/api': { target: apiTarget },
    '/public/api': { target: apiTarget },
  };

  return {
    plugins: [react()],
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      rolldownOptions: {
        output: {
          // Pages are split by React.lazy in the route table; these groups keep the
          // large libraries in their own long-cached chunks instead of one vendor blob.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
              { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
              { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
              { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 20 },
              { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
            ],
          },
        },
      },
    },
  };
});
