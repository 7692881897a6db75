/**
 * Slots of data are aligned to India Standard Time (packages/domain
 * `slotStart`): the origin every `date_bin` of readings counts from.
 */
export const SLOT_ORIGIN = '2000-01-01T00:00:00+05:30';
