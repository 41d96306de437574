import { describe, expect, it } from 'vitest';
import { describeAccepted, uploadMessages } from '../../widgets/upload/limits';

describe('upload wording', () => {
  it('names the accepted types plainly', () => {
    expect(describeAccepted('image/*')).toBe('images');
    expect(describeAccepted('image/*,.pdf')).toBe('images and .pdf files');
    expect(describeAccepted('image/*, application/pdf, .docx')).toBe(
      'images, PDF files and .docx files',
    );
    expect(describeAccepted('')).toBe('any file');
  });

  it('puts the limits in every message', () => {
    expect(uploadMessages({ maxFileSize: 2, maxFiles: 3, acceptedFiles: 'image/*,.pdf' })).toEqual({
      tooBig: 'This file is too big: files can be up to 2 MB.',
      wrongType: 'This type of file cannot be uploaded: only images and .pdf files are accepted.',
      tooMany: 'Too many files: you can upload up to 3 files here.',
      hint: 'Up to 3 files, 2 MB each; images and .pdf files.',
    });
    expect(uploadMessages({ maxFileSize: 1, maxFiles: 1, acceptedFiles: 'image/*' }).tooMany).toBe(
      'Too many files: you can upload up to 1 file here.',
    );
  });
});
