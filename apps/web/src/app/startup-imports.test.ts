import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as areaMessages from '../../../../packages/domain/src/area-messages';
import * as constants from '../../../../packages/domain/src/constants';
import * as endpoint from '../../../../packages/domain/src/endpoint';
import * as errorCodes from '../../../../packages/domain/src/error-codes';
import * as messages from '../../../../packages/domain/src/messages';
import * as navigation from '../../../../packages/domain/src/navigation';
import * as numbers from '../../../../packages/domain/src/numbers';
import * as passwordRules from '../../../../packages/domain/src/password-rules';

/*
 * The console's frame, its route table and its dictionaries are evaluated on
 * every start, whatever screen opens. The domain's schemas are built when
 * their module is evaluated (zod does real work per schema), so a text or an
 * access rule kept beside an area's schemas brings every schema of that area
 * into the start: on a phone, hundreds of milliseconds of blocked page. These
 * modules therefore take from the domain only what its schema-free modules
 * export, and those modules import no schema.
 */

const domainSrc = resolve(import.meta.dirname, '../../../../packages/domain/src');
const webSrc = resolve(import.meta.dirname, '..');

/** The domain's modules that build no schema, by file name. */
const SCHEMA_FREE_MODULES: Record<string, Record<string, unknown>> = {
  'constants.ts': constants,
  'endpoint.ts': endpoint,
  'error-codes.ts': errorCodes,
  'messages.ts': messages,
  'area-messages.ts': areaMessages,
  'navigation.ts': navigation,
  'numbers.ts': numbers,
  'password-rules.ts': passwordRules,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The console's code evaluated at start whatever the screen: its dictionaries, route table and frame. */
const STARTUP_FILES = [
  ...sourceFiles(join(webSrc, 'i18n')),
  ...[
    'app/routes.tsx',
    'app/route-access.ts',
    'app/app-layout.tsx',
    'app/switch-menu-bodies.tsx',
    'app/session-storage.ts',
    'app/notifications.ts',
    'components/loading-overlay.tsx',
  ].map((file) => join(webSrc, file)),
];

/** The names a module imports as values (not `import type`, not `type X`) from `from`. */
function valueImports(source: string, from: string): string[] {
  const names: string[] = [];
  const pattern = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g;
  for (const match of source.matchAll(pattern)) {
    if (match[1] || match[3] !== from) continue;
    for (const part of match[2]!.split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

describe('what the console evaluates at start', () => {
  const schemaFreeExports = new Set(
    Object.values(SCHEMA_FREE_MODULES).flatMap((module) => Object.keys(module)),
  );

  it.each(STARTUP_FILES.map((file) => [relative(webSrc, file), file]))(
    '%s takes from the domain only what its schema-free modules export',
    (_name, file) => {
      const names = valueImports(readFileSync(file, 'utf8'), '@vayu/domain');
      const elsewhere = names.filter((name) => !schemaFreeExports.has(name));
      expect(
        elsewhere,
        `move these next to the texts and rules of ${Object.keys(SCHEMA_FREE_MODULES).join(', ')}`,
      ).toEqual([]);
    },
  );

  it.each(Object.keys(SCHEMA_FREE_MODULES))('the domain module %s imports no schema', (file) => {
    const source = readFileSync(join(domainSrc, file), 'utf8');
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map(
      (match) => match[1]!,
    );
    const allowed = Object.keys(SCHEMA_FREE_MODULES).map((name) => `./${name.replace(/\.ts$/, '.js')}`);
    expect(runtimeImports.filter((path) => !allowed.includes(path))).toEqual([]);
  });

  // The first Intl formatter of a page loads the locale data (50–100 ms of blocked page on a slow
  // phone): what is evaluated at start formats nothing with Intl (a text of area-messages.ts did).
  it('formats nothing with Intl while the start-up modules are evaluated', async () => {
    vi.resetModules();
    const spies = [
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'DateTimeFormat'),
      vi.spyOn(Number.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleDateString'),
    ];
    try {
      for (const file of [
        ...Object.keys(SCHEMA_FREE_MODULES).map((name) => join(domainSrc, name)),
        ...STARTUP_FILES,
      ]) {
        await import(/* @vite-ignore */ file);
      }
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('finds the imports it checks', () => {
    // A guard that the checks above read real imports: the route table takes its access rules from the domain.
    const routes = readFileSync(join(webSrc, 'app/routes.tsx'), 'utf8');
    expect(valueImports(routes, '@vayu/domain')).toEqual(
      expect.arrayContaining(['ACCOUNT_ADMINS', 'ALERT_READERS']),
    );
  });
});
