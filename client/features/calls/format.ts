/** Minutes with at most one decimal (time limits are set in tenths of a minute). */
export function minutes(seconds: number): number {
  return Math.round((seconds / 60) * 10) / 10;
}
