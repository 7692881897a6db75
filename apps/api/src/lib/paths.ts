import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder, found by walking up from this module. It works the same
 * from the TypeScript sources (tests, dev) and from the bundled dist/server.js.
 */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@vayu/api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @vayu/api package folder');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const migrationsDir = join(apiRoot, 'drizzle');
export const defaultWebDistDir = join(apiRoot, '..', 'web', 'dist');
