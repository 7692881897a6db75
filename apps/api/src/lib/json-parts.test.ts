import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipParts, joinParts, KeptText, type JsonPart } from './json-parts.js';

/** A reproducible stream of numbers in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

describe('crc32Combine', () => {
  it('gives the CRC-32 of two texts one after the other from their own CRCs', () => {
    const next = random(11);
    for (const length of [0, 1, 7, 255, 1_000, 70_000]) {
      const a = Buffer.from(
        Array.from({ length: 1 + Math.floor(next() * 500) }, () => Math.floor(next() * 256)),
      );
      const b = Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)));
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
    expect(crc32Combine(0, crc32('abc'), 3)).toBe(crc32('abc'));
  });
});

describe('gzipParts', () => {
  it('makes a gzip stream that reads back as the parts joined, kept parts compressed once', () => {
    const next = random(5);
    const point = (i: number) =>
      `{"t":"2026-11-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z","value":${(next() * 100).toFixed(2)},"unit":"µg/m³"}`;
    const day = new KeptText(Array.from({ length: 96 }, (_, i) => point(i)).join(','));
    const parts: JsonPart[] = [
      '{"series":[',
      day,
      ',',
      new KeptText(''),
      new KeptText(point(3)),
      ',',
      day,
      '',
      `,${point(7)}`,
      ']}',
    ];
    const text = joinParts(parts);
    expect(gunzipSync(gzipParts(parts)).toString('utf8')).toBe(text);
    expect(JSON.parse(text)).toBeTruthy();
    // The day's compressed form is made the first time and used again.
    const first = day.deflated;
    expect(gunzipSync(gzipParts([day, ']'])).toString('utf8')).toBe(`${day.text}]`);
    expect(day.deflated).toBe(first);
  });

  it('answers an empty stream for no text, and text alone when nothing is kept', () => {
    expect(gunzipSync(gzipParts([])).toString('utf8')).toBe('');
    expect(gunzipSync(gzipParts(['[', ']'])).toString('utf8')).toBe('[]');
  });
});
