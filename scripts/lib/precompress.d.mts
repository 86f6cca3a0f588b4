export interface Precompressed {
  file: string;
  raw: number;
  br: number | null;
  gz: number | null;
}
export function precompressDir(dir: string): Precompressed[];
