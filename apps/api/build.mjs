// Bundles the API and the shared domain package into dist/server.js.
// Third-party packages stay in node_modules and are loaded at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies)
  .filter((name) => !name.startsWith('@vayu/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
