// Bundles the API and the shared domain package into dist/server.js, and the
// demo readings simulator (`npm run simulate`) into dist/simulate.js
// (`--outdir <folder>` for another folder of apps/api: the tests build into
// dist-test, so that `npm test` and `npm start` never touch each other's build).
// Third-party packages stay in node_modules and are loaded at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies)
  .filter((name) => !name.startsWith('@vayu/'))
  .flatMap((name) => [name, `${name}/*`]);

const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt > 0 ? process.argv[outdirAt + 1] : 'dist';
if (!outdir || !/^[\w-]+$/.test(outdir)) throw new Error('--outdir takes a folder name inside apps/api');

await build({
  entryPoints: { server: 'src/server.ts', simulate: 'src/simulate.ts', board: 'src/board.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
