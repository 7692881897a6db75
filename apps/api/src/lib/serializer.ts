import { isDeepStrictEqual } from 'node:util';
import build from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gzipParts, joinParts, KeptText, type JsonPart } from './json-parts.js';

/**
 * How answers are turned into JSON.
 *
 * Every response schema is a zod schema in `packages/domain`. Checking an
 * answer against it with zod and then calling `JSON.stringify` was the
 * largest share of a list request's CPU after the database driver. In
 * production each schema is turned into JSON Schema once and compiled with
 * fast-json-stringify (what Fastify itself uses): it writes only the fields
 * the schema declares, in its order, and refuses an answer that lacks a
 * required one. It does not check types and values as zod does, so in
 * development and in the tests each answer goes through both: zod checks it
 * (a mismatch answers 500, as before), and the compiled writer must give the
 * same JSON, or the answer is a 500 too. Every API test is thereby a test of
 * the production writer. A schema that has no JSON Schema form is written by
 * zod alone.
 */
export type SerializerMode = 'fast' | 'checked';

/**
 * An answer already written as JSON, by the database or by hand where one
 * answer holds thousands of points (the 15-minute data). Production sends the
 * text as it is; in development and the tests it is read back and must be
 * exactly what the response schema writes from it, as any other answer.
 */
export class JsonText<T = unknown> {
  /** Keeps answers of different schemas apart for the compiler. */
  declare readonly shape?: T;
  /** The text as parts (lib/json-parts.ts), some of them perhaps kept across answers. */
  readonly parts: readonly JsonPart[];
  private joined: string | undefined;

  constructor(text: string | readonly JsonPart[]) {
    this.parts = typeof text === 'string' ? [text] : text;
  }

  get text(): string {
    return (this.joined ??= joinParts(this.parts));
  }

  /** Whether a part is kept across answers: then gzip is made from the parts' compressed forms (`gzip`). */
  get hasKeptParts(): boolean {
    return this.parts.some((part) => part instanceof KeptText);
  }

  gzip(): Buffer {
    return gzipParts(this.parts);
  }
}

type Serialize = (data: unknown) => string;

/** The compiled writer of a response schema, or undefined when it has no JSON Schema form. */
function compileFast(schema: z.ZodType): Serialize | undefined {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return build(jsonSchema as Parameters<typeof build>[0]) as Serialize;
  } catch {
    return undefined;
  }
}

export class SerializerMismatchError extends Error {
  constructor(method: string, url: string) {
    super(`The compiled response writer of ${method} ${url} gives other JSON than the schema check`);
  }
}

export function createSerializerCompiler(mode: SerializerMode): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema, method, url } = route;
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    if (!(schema instanceof z.ZodType)) return checked;
    // Compiled on first use: most routes of a test run never answer most of their statuses.
    let fast: Serialize | null | undefined;
    const fastWriter = () => {
      if (fast === undefined) fast = compileFast(schema) ?? null;
      return fast;
    };
    if (mode === 'fast') {
      return (data) => (data instanceof JsonText ? data.text : (fastWriter() ?? checked)(data));
    }
    return (data) => {
      if (data instanceof JsonText) {
        const sent = JSON.parse(data.text) as unknown;
        if (!isDeepStrictEqual(JSON.parse(checked(sent)), sent))
          throw new SerializerMismatchError(method, url);
        return data.text;
      }
      const text = checked(data);
      const writer = fastWriter();
      if (writer && !isDeepStrictEqual(JSON.parse(writer(data)), JSON.parse(text))) {
        throw new SerializerMismatchError(method, url);
      }
      return text;
    };
  };
}
