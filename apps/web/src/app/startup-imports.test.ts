import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

/** A relative import's file: `./x.js` is `x.ts`, a folder is its index. */
function resolveSource(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => existsSync(file));
}

/** The domain module that defines each name the domain's index exports. */
function domainExportOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const scan = (file: string) => {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^export\s+(?:const|function|class|let)\s+(\w+)/gm)) {
      owners.set(match[1]!, file);
    }
    for (const match of source.matchAll(/^export \* from '(\.[^']+)'/gm)) {
      const target = resolveSource(file, match[1]!);
      if (target) scan(target);
    }
  };
  scan(join(domainSrc, 'index.ts'));
  return owners;
}

/**
 * Every module evaluated when `entry` is: its static value imports, followed
 * through the web's files and into the domain's (a name taken from
 * `@vayu/domain` brings the module that defines it, with that module's own
 * imports). Dynamic `import()` starts a chunk of its own and is not followed.
 */
function evaluatedWith(entry: string): Set<string> {
  const owners = domainExportOwners();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gms)) {
      const [, what, specifier] = match;
      if (specifier === '@vayu/domain') {
        const names = (/\{([^}]*)\}/.exec(what!)?.[1] ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part && !part.startsWith('type '))
          .map((part) => part.split(/\s+as\s+/)[0]!);
        for (const name of names) {
          const owner = owners.get(name);
          if (owner) queue.push(owner);
        }
      } else if (specifier!.startsWith('.')) {
        const target = resolveSource(file, specifier!);
        if (target) queue.push(target);
      }
    }
  }
  return seen;
}

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

  // The console's start checks the stored user and asks who is signed in; nothing else of the domain
  // with schemas. (The user screens' and the export buttons' schemas once came along: the first
  // through the signed-in user's schema beside theirs, the second through one module of every
  // list's export.)
  it('builds no schema at start but the signed-in user’s and the sign-in’s', () => {
    const allowed = new Set([
      ...Object.keys(SCHEMA_FREE_MODULES),
      'signed-in-user.ts',
      'auth.ts',
      'endpoints/auth.ts',
    ]);
    const domainModules = [...evaluatedWith(join(webSrc, 'app/console-root.tsx'))]
      .filter((file) => file.startsWith(domainSrc))
      .map((file) => relative(domainSrc, file));
    expect(domainModules).toContain('signed-in-user.ts');
    expect(domainModules.filter((file) => !allowed.has(file))).toEqual([]);
  });

  it('gives a list screen only its own area’s schemas for its export button', () => {
    const domainModules = [...evaluatedWith(join(webSrc, 'features/tenants/tenant-list.tsx'))]
      .filter((file) => file.startsWith(domainSrc))
      .map((file) => relative(domainSrc, file));
    expect(domainModules).toContain('endpoints/tenants.ts');
    for (const other of ['alerts.ts', 'audit.ts', 'devices.ts', 'parameters.ts', 'endpoints/users.ts']) {
      expect(domainModules).not.toContain(other);
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
