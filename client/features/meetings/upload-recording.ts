import type { TranscriptPreview } from '../../../server/contracts/meetings';
import { uploadWithProgress } from '../knowledge/upload-file';

export interface TranscribedRecording {
  fileName: string;
  content: string;
  preview: TranscriptPreview;
}

/** Audio and video a transcription model reads (the server checks the same list). */
const RECORDING_FILE = /\.(mp3|mp4|mpeg|mpga|m4a|wav|webm|ogg|oga|flac|mov|mkv)$/i;
export const isRecording = (f: File) => /^(audio|video)\//.test(f.type) || RECORDING_FILE.test(f.name);

/**
 * Sends a call recording to POST /api/v1/meetings/recordings/transcribe and resolves with its
 * transcript; once the bytes are up (100) the server is transcribing, which takes a while for a
 * long call.
 */
export const transcribeRecordingFile = (file: File, onProgress: (percent: number) => void) =>
  uploadWithProgress<TranscribedRecording>('/api/v1/meetings/recordings/transcribe', file, 200, onProgress);
