/** The colour of a criterion's level 0, 1 and 2, wherever a level is shown (report, progress, skill map). */
export const LEVEL_COLORS = ['red', 'yellow', 'green'] as const;
