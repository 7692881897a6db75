import { IST_OFFSET_MS } from '@vayu/domain';

/** `2026-11-27 14:30 IST` (or with seconds): how files and mails date things for people in India. */
export function istText(at: Date | number, withSeconds = false): string {
  const iso = new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString();
  return `${iso.slice(0, withSeconds ? 19 : 16).replace('T', ' ')} IST`;
}
