import { createHash, createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import {
  REGULATOR_KEY_EXTENSIONS,
  REGULATOR_KEY_MAX_BYTES,
  REGULATOR_MESSAGES,
  type RegulatorKeyKind,
} from '@vayu/domain';

/**
 * Key files for a board (spec §5: only `.pem` or `.ppk`), checked by their
 * content as well as their name: a `.pem` must hold a key or certificate of
 * the kind chosen, a `.ppk` must be a PuTTY key file. The private key signs
 * the push, so it must be an unencrypted RSA key in PEM.
 */

export interface CheckedKeyFile {
  /** The file's text as uploaded. */
  text: string;
  /** SHA-256 in hex pairs; for a key pair, both halves show the public key's, so a matching pair is seen at once. */
  fingerprint: string;
}

export type KeyFileCheck = { ok: true; file: CheckedKeyFile } | { ok: false; message: string };

const PPK_HEADER = /^PuTTY-User-Key-File-[23]: /;
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/;

const fingerprintOf = (bytes: Buffer) =>
  createHash('sha256')
    .update(bytes)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');

const publicFingerprint = (key: KeyObject) => fingerprintOf(key.export({ type: 'spki', format: 'der' }));

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const refuse = (message: string): KeyFileCheck => ({ ok: false, message });

/** Whether the uploaded file is a key file of `kind`, and its fingerprint. */
export function checkKeyFile(kind: RegulatorKeyKind, fileName: string, data: Buffer): KeyFileCheck {
  const extension = extensionOf(fileName);
  if (!(REGULATOR_KEY_EXTENSIONS as readonly string[]).includes(extension)) {
    return refuse(REGULATOR_MESSAGES.keyExtension);
  }
  if (data.length === 0 || data.length > REGULATOR_KEY_MAX_BYTES || data.includes(0)) {
    return refuse(REGULATOR_MESSAGES.keyContent);
  }
  const text = data.toString('utf8');
  if (Buffer.from(text, 'utf8').compare(data) !== 0) return refuse(REGULATOR_MESSAGES.keyContent);

  if (extension === 'ppk') {
    if (kind === 'private') return refuse('The private key must be a .pem file: the push signs with it.');
    if (!PPK_HEADER.test(text)) return refuse(REGULATOR_MESSAGES.keyContent);
    return { ok: true, file: { text, fingerprint: fingerprintOf(data) } };
  }

  const block = PEM_BLOCK.exec(text);
  if (!block) return refuse(REGULATOR_MESSAGES.keyContent);
  const label = block[1]!;
  try {
    if (kind === 'private') {
      if (label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type: 4,ENCRYPTED/.test(text)) {
        return refuse(
          'The private key must not be protected by a passphrase: the push signs with it unattended.',
        );
      }
      if (!label.endsWith('PRIVATE KEY')) return refuse(REGULATOR_MESSAGES.keyContent);
      const key = createPrivateKey({ key: text, format: 'pem' });
      if (key.asymmetricKeyType !== 'rsa') return refuse('The private key must be an RSA key.');
      return { ok: true, file: { text, fingerprint: publicFingerprint(createPublicKey(key)) } };
    }
    // Public, server and user keys: a public key or a certificate; never a private key.
    if (label.includes('PRIVATE KEY')) return refuse(REGULATOR_MESSAGES.keyContent);
    if (label === 'CERTIFICATE') {
      const certificate = new X509Certificate(block[0]);
      return { ok: true, file: { text, fingerprint: publicFingerprint(certificate.publicKey) } };
    }
    if (!label.endsWith('PUBLIC KEY')) return refuse(REGULATOR_MESSAGES.keyContent);
    return { ok: true, file: { text, fingerprint: publicFingerprint(createPublicKey(block[0])) } };
  } catch {
    return refuse(REGULATOR_MESSAGES.keyContent);
  }
}
