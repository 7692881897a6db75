/** English texts of the people screens (filled in by that feature). */
export const peopleEn = {} as const;
