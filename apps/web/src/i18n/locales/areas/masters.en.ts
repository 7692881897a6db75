/** English texts of the masters screens (filled in by that feature). */
export const mastersEn = {} as const;
