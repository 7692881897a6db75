import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const DEFAULT_API_PORT = '8080';

/** `VITE_API_PROXY` may be a port (`8081`) or a full origin (`http://127.0.0.1:8081`). */
function getApiTarget(value: string | undefined): string {
  const target = value?.trim() || DEFAULT_API_PORT;
  return /^\d+$/.test(target) ? `http://127.0.0.1:${target}` : target;
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;
/** Smaller files gain too little to be worth a second request-path lookup. */
const COMPRESS_MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listFiles(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat();
}

/**
 * Writes `.br` (brotli, quality 11) and `.gz` (gzip, level 9) next to every
 * text asset of the build above 1 kB; the API serves them to browsers that
 * accept them (@fastify/static `preCompressed`), so nothing is compressed per
 * request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = '';
  return {
    name: 'vayu:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < COMPRESS_MIN_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
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
    plugins: [react(), precompressAssets()],
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
              // Left to itself the bundler puts zod into the API client's chunk, which the
              // sign-in page loads; the schemas are for the console's screens only.
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
              // What the start-up code and the console's shell use (a group takes a module's
              // dependencies with it) is always loaded whole: one chunk each, rather than
              // dozens of small shared chunks, each a request of its own on a slow network.
              { name: 'startup', test: /[\\/]src[\\/]main\.tsx$/, priority: 10 },
              { name: 'console', test: /[\\/]src[\\/]app[\\/]console-root\.tsx$/, priority: 10 },
            ],
          },
        },
      },
    },
  };
});
