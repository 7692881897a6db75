import { describe, expect, it } from 'vitest';
import { INTEGER_RANGE } from '../fields.js';
import { ALL_ENDPOINTS } from './index.js';

/*
 * Every whole number a request carries (ids, versions, quotas, pages) is
 * stored in or compared with a PostgreSQL integer: a schema that lets a larger
 * one through makes the database fail with a 500 instead of a 400 naming the
 * field (issue "hostile input and sessions", finding 1).
 */

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The whole-number schemas inside a schema, by path, with their bounds. */
function wholeNumbersOf(
  schema: unknown,
  path: string,
  found: Map<string, [number, number]>,
  seen = new Set<unknown>(),
): void {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const inner = (next: unknown, at = path): void => wholeNumbersOf(next, at, found, seen);
  switch (def.type) {
    case 'number': {
      const number = schema as { isInt: boolean; minValue: number | null; maxValue: number | null };
      if (number.isInt) found.set(path, [number.minValue ?? -Infinity, number.maxValue ?? Infinity]);
      return;
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
        inner(value, `${path}.${key}`);
      return;
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'pipe':
      inner(def.in);
      return inner(def.out);
    case 'union':
      for (const option of def.options as unknown[]) inner(option);
      return;
    case 'record':
      return inner(def.valueType, `${path}{}`);
    default:
      if ('innerType' in def) inner(def.innerType);
  }
}

describe('request numbers', () => {
  const found = new Map<string, [number, number]>();
  for (const endpoint of ALL_ENDPOINTS) {
    for (const part of ['params', 'query', 'body', 'multipart'] as const) {
      const schema = endpoint[part];
      if (schema) wholeNumbersOf(schema, `${endpoint.operationId}.${part}`, found);
    }
  }

  it('finds the whole numbers of the requests', () => {
    expect(found.size).toBeGreaterThan(50);
    expect(found.get('changeWorkingStatus.body.tenantId')?.[1]).toBe(INTEGER_RANGE.max);
  });

  it('keeps every whole number a request carries within a PostgreSQL integer', () => {
    const unbounded = [...found]
      .filter(([, [min, max]]) => min < INTEGER_RANGE.min || max > INTEGER_RANGE.max)
      .map(([path, [min, max]]) => `${path}: ${min}..${max}`);
    expect(unbounded).toEqual([]);
  });
});
