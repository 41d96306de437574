/**
 * The drop zone's own wording for refused files (docs/requirements.md §8 leaves it to us): each
 * message says what the limit is, from the page configuration.
 */

export interface UploadLimits {
  /** MB (1 MB = 1024 × 1024 bytes, as Dropzone and the host count). */
  maxFileSize: number;
  maxFiles: number;
  /** Dropzone's acceptedFiles list, e.g. 'image/*,.pdf'. */
  acceptedFiles: string;
}

const KINDS: Record<string, string> = {
  'image/*': 'images',
  'video/*': 'videos',
  'audio/*': 'audio files',
  'application/pdf': 'PDF files',
};

/** 'image/*,.pdf' → 'images and .pdf files'. */
export function describeAccepted(acceptedFiles: string): string {
  const kinds = acceptedFiles
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(
      (entry) => KINDS[entry.toLowerCase()] ?? (entry.startsWith('.') ? `${entry} files` : entry),
    );
  if (kinds.length === 0) return 'any file';
  return kinds.length === 1
    ? (kinds[0] as string)
    : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function uploadMessages(limits: UploadLimits) {
  return {
    tooBig: `This file is too big: files can be up to ${limits.maxFileSize} MB.`,
    wrongType: `This type of file cannot be uploaded: only ${describeAccepted(limits.acceptedFiles)} are accepted.`,
    tooMany: `Too many files: you can upload up to ${plural(limits.maxFiles, 'file')} here.`,
    hint: `Up to ${plural(limits.maxFiles, 'file')}, ${limits.maxFileSize} MB each; ${describeAccepted(limits.acceptedFiles)}.`,
  };
}
