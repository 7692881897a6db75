import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, JsonText, SerializerMismatchError } from './serializer.js';

const schema = z.object({
  id: z.number(),
  points: z.array(z.object({ t: z.string(), value: z.number() })),
});

function writerOf(mode: 'fast' | 'checked') {
  const compile = createSerializerCompiler(mode);
  return compile({ schema, method: 'POST', url: '/data', httpStatus: '200' } as Parameters<
    typeof compile
  >[0]) as (data: unknown) => string;
}

describe('answers already written as JSON', () => {
  const text = '{"id":1,"points":[{"t":"2026-11-27T10:00:00.000Z","value":1.5}]}';

  it('are sent as they are', () => {
    expect(writerOf('fast')(new JsonText(text))).toBe(text);
    expect(writerOf('checked')(new JsonText(text))).toBe(text);
  });

  it('are held to the response schema in development and the tests', () => {
    const checked = writerOf('checked');
    // A field the schema does not have, a value of the wrong type, a field missing.
    for (const bad of [
      '{"id":1,"points":[],"extra":true}',
      '{"id":"1","points":[]}',
      '{"id":1,"points":[{"t":"2026-11-27T10:00:00.000Z"}]}',
    ]) {
      expect(() => checked(new JsonText(bad)), bad).toThrow();
    }
    expect(() => checked(new JsonText('{"id":1,"points":[],"extra":true}'))).toThrow(SerializerMismatchError);
  });
});
