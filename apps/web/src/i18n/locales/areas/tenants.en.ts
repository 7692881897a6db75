/** English texts of the tenants screens (filled in by that feature). */
export const tenantsEn = {} as const;
