/** The part of webvtt-parser (no types of its own) that server/services/meetings/transcript.ts uses. */
declare module 'webvtt-parser' {
  export type VttNode =
    | { type: 'text'; value: string; children?: undefined }
    | { type: 'object'; name: string; value?: string; classes?: string[]; children: VttNode[] };
  export interface VttCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: VttNode[] };
  }
  export class WebVTTParser {
    constructor(entities?: Record<string, string>);
    parse(
      input: string,
      mode?: 'metadata' | 'chapters' | 'subtitles',
    ): { cues: VttCue[]; errors: { message: string; line: number }[] };
  }
  /** A CommonJS module: Node's ESM loader sees its exports object as the default export. */
  const webvtt: { WebVTTParser: typeof WebVTTParser };
  export default webvtt;
}
