import { describe, expect, it } from 'vitest';
import { describeAccepted, uploadMessages } from '../../widgets/upload/limits';
import messages from '../../widgets/upload/messages';

const words = messages.upload;

describe('upload wording', () => {
  it('names the accepted types plainly', () => {
    expect(describeAccepted('image/*', words)).toBe('images');
    expect(describeAccepted('image/*,.pdf', words)).toBe('images and .pdf files');
    expect(describeAccepted('image/*, application/pdf, .docx', words)).toBe(
      'images, PDF files and .docx files',
    );
    expect(describeAccepted('', words)).toBe('any file');
  });

  it('puts the limits in every message', () => {
    expect(
      uploadMessages({ maxFileSize: 2, maxFiles: 3, acceptedFiles: 'image/*,.pdf' }, words),
    ).toEqual({
      tooBig: 'This file is too big: files can be up to 2 MB.',
      wrongType: 'This type of file cannot be uploaded: only images and .pdf files are accepted.',
      tooMany: 'Too many files: you can upload up to 3 files here.',
      hint: 'Up to 3 files, 2 MB each; images and .pdf files.',
    });
    expect(
      uploadMessages({ maxFileSize: 1, maxFiles: 1, acceptedFiles: 'image/*' }, words).tooMany,
    ).toBe('Too many files: you can upload up to 1 file here.');
  });
});
