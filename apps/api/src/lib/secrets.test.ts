import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSecrets,
  createSecretsWithKey,
  loadOrCreateKeyFile,
  SECRETS_KEY_FILE,
  SecretUnreadableError,
} from './secrets.js';

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vayu-secrets-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (let dir = folders.pop(); dir; dir = folders.pop()) rmSync(dir, { recursive: true, force: true });
});

const TOKEN = 'cam-token-8f3a91c2d7e4b6a1';

/** Changes one character of the part at `index` (1 iv, 2 tag, 3 cipher text) to another base64url character. */
function tamper(stored: string, index: number): string {
  const parts = stored.split('.');
  const part = parts[index]!;
  const flipped = part[0] === 'A' ? 'B' : 'A';
  parts[index] = `${flipped}${part.slice(1)}`;
  return parts.join('.');
}

describe('secrets', () => {
  it('opens what it sealed, with a new IV each time, in the v1 format', async () => {
    const secrets = createSecretsWithKey(randomBytes(32));
    const first = await secrets.encrypt(TOKEN);
    const second = await secrets.encrypt(TOKEN);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toContain(TOKEN);
    expect(second).not.toBe(first);
    expect(await secrets.decrypt(first)).toBe(TOKEN);
    expect(await secrets.decrypt(second)).toBe(TOKEN);
    expect(await secrets.decrypt(await secrets.encrypt('प्रावधान-टोकन'))).toBe('प्रावधान-टोकन');
  });

  it('refuses a value changed in its IV, tag or cipher text, cut short, or not in the format', async () => {
    const secrets = createSecretsWithKey(randomBytes(32));
    const stored = await secrets.encrypt(TOKEN);
    const broken = [
      tamper(stored, 1),
      tamper(stored, 2),
      tamper(stored, 3),
      stored.slice(0, -2),
      stored.replace(/^v1\./, 'v2.'),
      stored.split('.').slice(0, 3).join('.'),
      'not-a-secret',
      `${stored}.extra`,
      stored.replace(/\.[^.]+$/, '.%%%'),
    ];
    for (const value of broken) {
      await expect(secrets.decrypt(value), value).rejects.toBeInstanceOf(SecretUnreadableError);
    }
  });

  it('refuses a value made with another key', async () => {
    const stored = await createSecretsWithKey(randomBytes(32)).encrypt(TOKEN);
    await expect(createSecretsWithKey(randomBytes(32)).decrypt(stored)).rejects.toBeInstanceOf(
      SecretUnreadableError,
    );
  });

  it('takes the key from SECRETS_KEY and writes no key file then', async () => {
    const dataDir = tempDir();
    const hex = randomBytes(32).toString('hex');
    const secrets = createSecrets({ secretsKey: hex, dataDir });
    const stored = await secrets.encrypt(TOKEN);
    expect(await createSecretsWithKey(Buffer.from(hex, 'hex')).decrypt(stored)).toBe(TOKEN);
    expect(() => statSync(join(dataDir, SECRETS_KEY_FILE))).toThrow();
  });

  it('without SECRETS_KEY, makes a key in DATA_DIR on first use (owner-only) and reuses it after a restart', async () => {
    const dataDir = tempDir();
    const stored = await createSecrets({ secretsKey: undefined, dataDir }).encrypt(TOKEN);
    const file = join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    // Another process on the same DATA_DIR later.
    expect(await createSecrets({ secretsKey: undefined, dataDir }).decrypt(stored)).toBe(TOKEN);
  });

  it('ends with one key when several start at once, leaving no draft files behind', async () => {
    const dataDir = tempDir();
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateKeyFile(dataDir)));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    expect(readFileSync(join(dataDir, SECRETS_KEY_FILE), 'utf8').trim()).toBe(keys[0]!.toString('hex'));
    expect(readdirSync(dataDir)).toEqual([SECRETS_KEY_FILE]);
  });

  it('refuses a key file that holds no key rather than making a new one over it', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, SECRETS_KEY_FILE), 'short\n');
    await expect(createSecrets({ secretsKey: undefined, dataDir }).encrypt(TOKEN)).rejects.toThrow(
      /does not hold a 64-character hex key/,
    );
    expect(readFileSync(join(dataDir, SECRETS_KEY_FILE), 'utf8')).toBe('short\n');
  });
});
