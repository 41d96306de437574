/**
 * The drop zone's own wording for refused files (docs/requirements.md §8 leaves it to us): each
 * message says what the limit is, from the page configuration, in the element's words
 * (messages.json, docs/words.md).
 */
import { listText } from '../../src/core/list-text';
import type messages from './messages';

export interface UploadLimits {
  /** MB (1 MB = 1024 × 1024 bytes, as Dropzone and the host count). */
  maxFileSize: number;
  maxFiles: number;
  /** Dropzone's acceptedFiles list, e.g. 'image/*,.pdf'. */
  acceptedFiles: string;
}

export type UploadWords = (typeof messages)['upload'];

/** The kinds of file named by a word of their own. */
const KINDS: Record<string, 'acceptedImages' | 'acceptedVideos' | 'acceptedAudio' | 'acceptedPdf'> =
  {
    'image/*': 'acceptedImages',
    'video/*': 'acceptedVideos',
    'audio/*': 'acceptedAudio',
    'application/pdf': 'acceptedPdf',
  };

/** 'image/*,.pdf' → 'images and .pdf files'. */
export function describeAccepted(acceptedFiles: string, words: UploadWords): string {
  const kinds = acceptedFiles
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const kind = KINDS[entry.toLowerCase()];
      if (kind) return words[kind]();
      return entry.startsWith('.') ? words.acceptedExtension(entry) : entry;
    });
  if (kinds.length === 0) return words.acceptedAny();
  return listText(kinds, words.acceptedList);
}

export function uploadMessages(limits: UploadLimits, words: UploadWords) {
  const accepted = describeAccepted(limits.acceptedFiles, words);
  const { maxFiles, maxFileSize } = limits;
  return {
    tooBig: words.tooBig(maxFileSize),
    wrongType: words.wrongType(accepted),
    tooMany: words.tooMany(maxFiles),
    hint: words.hint({ maxFiles, maxFileSize, accepted }),
  };
}
