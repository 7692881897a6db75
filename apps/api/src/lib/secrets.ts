import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Short secrets kept in the database (camera auth tokens): AES-256-GCM with a
 * random 12-byte IV per value, stored as `v1.<iv>.<tag>.<cipher>` in base64url.
 * The tag makes a changed value, or one made with another key, fail to open
 * instead of opening to garbage.
 */
export interface Secrets {
  encrypt(plain: string): Promise<string>;
  /** The secret; throws `SecretUnreadableError` for a value changed, cut, or made with another key. */
  decrypt(stored: string): Promise<string>;
}

/** A stored value that cannot be opened with this key. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`The stored secret cannot be read: ${reason}`);
    this.name = 'SecretUnreadableError';
  }
}

const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The file the key is kept in under DATA_DIR when SECRETS_KEY is not set. */
export const SECRETS_KEY_FILE = 'secrets.key';

const encode = (bytes: Buffer) => bytes.toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Encrypts and decrypts with a key given as 32 bytes. */
export function createSecretsWithKey(key: Buffer): Secrets {
  if (key.length !== KEY_BYTES) throw new Error(`A secrets key is ${KEY_BYTES} bytes, not ${key.length}`);
  return {
    async encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, encode(iv), encode(cipher.getAuthTag()), encode(body)].join('.');
    },
    async decrypt(stored) {
      const parts = stored.split('.');
      if (parts.length !== 4 || parts[0] !== FORMAT) throw new SecretUnreadableError('unknown format');
      if (!parts.every((part) => BASE64URL.test(part))) throw new SecretUnreadableError('unknown format');
      const [, iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
        Buffer,
      ];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
        throw new SecretUnreadableError('unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError('changed, or made with another key');
      }
    },
  };
}

const keyFromHex = (hex: string, source: string) => {
  const text = hex.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${source} does not hold a 64-character hex key`);
  return Buffer.from(text, 'hex');
};

/**
 * The key kept in `dataDir`, made on first use. It is written whole to a
 * file of its own, then linked to its name: a link fails when the name
 * exists, so of two processes starting together one key wins and the other
 * reads it, and no process ever reads a half-written key. The file holds the
 * key as 64 hex characters, the form SECRETS_KEY takes, so moving it into the
 * environment is a copy.
 */
export async function loadOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, SECRETS_KEY_FILE);
  try {
    return keyFromHex(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const draft = join(dataDir, `.${SECRETS_KEY_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const file = await open(draft, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
  try {
    await file.writeFile(`${randomBytes(KEY_BYTES).toString('hex')}\n`, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await link(draft, path);
  } catch (error) {
    // Another process made the key first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return keyFromHex(await readFile(path, 'utf8'), path);
}

/**
 * The secrets of this installation: the key from SECRETS_KEY, or else the one
 * kept in DATA_DIR (made on first use, so that a process that never stores a
 * secret writes no key).
 */
export function createSecrets(config: { secretsKey: string | undefined; dataDir: string }): Secrets {
  let ready: Promise<Secrets> | undefined;
  const secrets = () => {
    if (!ready) {
      const loading = (
        config.secretsKey
          ? Promise.resolve(keyFromHex(config.secretsKey, 'SECRETS_KEY'))
          : loadOrCreateKeyFile(config.dataDir)
      ).then(createSecretsWithKey);
      ready = loading;
      // A failure (an unreadable DATA_DIR) is not kept: the next use tries again.
      loading.catch(() => {
        if (ready === loading) ready = undefined;
      });
    }
    return ready;
  };
  return {
    encrypt: async (plain) => (await secrets()).encrypt(plain),
    decrypt: async (stored) => (await secrets()).decrypt(stored),
  };
}
