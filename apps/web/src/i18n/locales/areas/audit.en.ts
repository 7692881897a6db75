/** English texts of the audit screens (filled in by that feature). */
export const auditEn = {} as const;
