import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * Where uploaded files live. Disk under DATA_DIR/files now; an S3-compatible
 * store can implement the same interface later (docs/operations.md).
 */
export interface FileStore {
  /** Stores the bytes under a new key in `folder` and returns the key. */
  put(folder: string, data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + sep)) throw new Error('Invalid file key');
    return path;
  };
  return {
    async put(folder, data, extension) {
      const key = `${folder}/${randomUUID()}${extension.startsWith('.') ? extension : `.${extension}`}`;
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
      return key;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A JPEG's end-of-image marker (a phone may append more after it, such as a motion photo). */
const JPEG_END = Buffer.from([0xff, 0xd9]);
/** The end of a file's last bytes that a trailer is looked for in (writers may add a line break or padding). */
const TRAILER_WINDOW = 1024;

const tailOf = (data: Buffer) => data.subarray(Math.max(0, data.length - TRAILER_WINDOW));

/**
 * Detects the image type from its bytes (the declared type is not trusted),
 * checking both ends: a PNG starts with its signature and header chunk and
 * ends with its IEND chunk, a JPEG starts with SOI and holds an EOI marker
 * after it, a WebP's RIFF size is the file's. A real signature followed by
 * anything else (a renamed file, a cut-off upload) is no image.
 */
export function sniffImageType(data: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (
    data.length >= 8 + 25 + 12 &&
    data.subarray(0, 8).equals(PNG_SIGNATURE) &&
    data.toString('latin1', 12, 16) === 'IHDR' &&
    data.toString('latin1', data.length - 8, data.length - 4) === 'IEND'
  ) {
    return 'image/png';
  }
  if (
    data.length >= 4 &&
    data[0] === 0xff &&
    data[1] === 0xd8 &&
    data[2] === 0xff &&
    data.lastIndexOf(JPEG_END) > 2
  ) {
    return 'image/jpeg';
  }
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP' &&
    data.readUInt32LE(4) + 8 === data.length
  ) {
    return 'image/webp';
  }
  return null;
}

/** Whether the bytes are a PDF: `%PDF-` at the start and its `%%EOF` trailer at the end (the declared type is not trusted). */
export function isPdf(data: Buffer): boolean {
  return (
    data.length >= 5 &&
    data.toString('latin1', 0, 5) === '%PDF-' &&
    tailOf(data).includes('%%EOF', 0, 'latin1')
  );
}

const TEXT_DECODER = new TextDecoder('utf-8', { fatal: true });
// eslint-disable-next-line no-control-regex -- control characters are what plain text must not hold
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/**
 * Whether the bytes are plain text (a CSV export, a log): UTF-8 without NUL
 * or other control characters than tab, line breaks and form feed. An
 * executable or an image fails this on its first bytes.
 */
export function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false;
  let text: string;
  try {
    text = TEXT_DECODER.decode(data);
  } catch {
    return false;
  }
  return !CONTROL_CHARACTERS.test(text);
}
