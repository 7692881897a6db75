import { IST_OFFSET_MS } from '@vayu/domain';

/** `2026-11-27 14:30` (or with seconds) in India time (UTC+05:30 all year). */
export function istDateTime(at: Date | number, withSeconds = false): string {
  const iso = new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString();
  return iso.slice(0, withSeconds ? 19 : 16).replace('T', ' ');
}

/** `2026-11-27 14:30 IST`: how files and mails date things for people in India. */
export const istText = (at: Date | number, withSeconds = false): string =>
  `${istDateTime(at, withSeconds)} IST`;
