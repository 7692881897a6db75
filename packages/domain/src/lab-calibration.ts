/**
 * Calibration schedules (the CPCB protocol's checks and their intervals) and
 * lab reports per monitoring point.
 */

/** The kinds of calibration check a calibration record may be. */
export const CALIBRATION_CHECKS = ['TWO_POINT', 'MULTIPOINT'] as const;
export type CalibrationCheck = (typeof CALIBRATION_CHECKS)[number];
