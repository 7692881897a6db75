import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * An answer written as parts of JSON text, some of them kept for many answers
 * (the 15-minute data's whole days). Sent plainly, the parts are joined. Sent
 * with gzip, each kept part is compressed once, the first time, and an answer
 * is its parts' compressed forms one after the other: a gzip stream may be
 * made of deflate blocks compressed separately, as long as none but the last
 * ends the stream, and its checksum is combined from the parts' own. A 30-day
 * answer of 1.3 MB is then a few kilobytes compressed per request (the days
 * at the ends of the range) instead of all of it.
 */

interface Deflated {
  /** Raw deflate blocks, the last one not final, ending on a byte boundary (a sync flush). */
  bytes: Buffer;
  /** CRC-32 of the text as UTF-8. */
  crc: number;
  /** Its length in bytes. */
  length: number;
}

function deflated(text: string, level: number): Deflated {
  const input = Buffer.from(text, 'utf8');
  return {
    bytes: deflateRawSync(input, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(input),
    length: input.length,
  };
}

/** A part of JSON text used in many answers: compressed (at the default level) once, when first sent so. */
export class KeptText {
  private compressed: Deflated | undefined;
  constructor(readonly text: string) {}

  get deflated(): Deflated {
    return (this.compressed ??= deflated(this.text, constants.Z_DEFAULT_COMPRESSION));
  }
}

export type JsonPart = string | KeptText;

export const textOfPart = (part: JsonPart) => (typeof part === 'string' ? part : part.text);

/** The parts joined. */
export function joinParts(parts: readonly JsonPart[]): string {
  return parts.map(textOfPart).join('');
}

// CRC-32 of two texts one after the other from each one's own, as zlib's crc32_combine does:
// the first's CRC is multiplied by x^(8 · the second's length) modulo the CRC polynomial.
const POLY = 0xedb88320;

/** a · b modulo the polynomial (bit-reflected, as the CRC is). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0 … 31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X2N.push(p);
  p = multiplyModP(p, p);
}

/** x^(8n) modulo the polynomial. */
function xPow8n(n: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  while (n > 0) {
    if (n % 2 === 1) p = multiplyModP(X2N[k % 32]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xPow8n(lengthB), crcA) ^ crcB) >>> 0;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman codes, just the end-of-block code): the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The parts as one gzip stream: kept parts as they were compressed the first
 * time, the text between them compressed now (at level 1: it is the small
 * part of an answer).
 */
export function gzipParts(parts: readonly JsonPart[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  const add = (part: Deflated) => {
    chunks.push(part.bytes);
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  };
  let pending = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      pending += part;
      continue;
    }
    if (part.text.length === 0) continue;
    if (pending.length > 0) add(deflated(pending, 1));
    pending = '';
    add(part.deflated);
  }
  if (pending.length > 0) add(deflated(pending, 1));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}
