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

/** Detects the image type from its first bytes (the declared type is not trusted). */
export function sniffImageType(data: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Whether the bytes are a PDF: `%PDF-` at the start (the declared type is not trusted). */
export function isPdf(data: Buffer): boolean {
  return data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-';
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
