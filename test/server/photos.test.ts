import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoUploadResponse } from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host, TOKEN } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function upload(fields: Record<string, string>, file?: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file);
  return host.post('/api/photos/upload', form, { as: 'multipart' });
}

describe('POST /api/photos/upload (call 16)', () => {
  it('stores the file under the uploads folder, records it and lists it', async () => {
    const body = await decoded(
      await upload(
        { site_id: '1', job_id: '1004' },
        new File([PNG], 'boiler.png', { type: 'image/png' }),
      ),
      photoUploadResponse,
    );
    expect(body.photo.filename).toBe('boiler.png');
    const stored = body.photo.url.replace('/uploads/', '');
    expect(readFileSync(join(host.uploadsDir, stored))).toEqual(Buffer.from(PNG));
    expect(
      host.row('SELECT job_id, site_id, filename, size FROM photos WHERE id = ?', body.photo.id),
    ).toEqual({
      job_id: 1004,
      site_id: 1,
      filename: 'boiler.png',
      size: PNG.length,
    });

    const served = await host.get(body.photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const list = (await (await host.get('/api/photos/index/1004')).json()) as {
      data: { id: number; url: string }[];
    };
    expect(list.data).toEqual([
      expect.objectContaining({ id: body.photo.id, url: body.photo.url }),
    ]);
  });

  it('records a photo sent from a device once, answering a repeat of its upload_id as the first time', async () => {
    const fields = {
      site_id: '1',
      job_id: '1004',
      upload_id: crypto.randomUUID(),
      stage: 'before',
    };
    const photo = () => new File([PNG], 'boiler.png', { type: 'image/png' });
    const first = await decoded(await upload(fields, photo()), photoUploadResponse);
    const again = await decoded(await upload(fields, photo()), photoUploadResponse);
    expect(again).toEqual(first);
    expect(host.row('SELECT COUNT(*) AS n FROM photos WHERE job_id = 1004')).toEqual({ n: 1 });
    expect(readdirSync(host.uploadsDir)).toHaveLength(1);
    const list = (await (await host.get('/api/photos/index/1004')).json()) as {
      data: { id: number; stage: string | null }[];
    };
    expect(list.data).toEqual([expect.objectContaining({ id: first.photo.id, stage: 'before' })]);
  });

  it('refuses an upload_id that is not one, or used for another job, and a stage it does not know', async () => {
    const photo = () => new File([PNG], 'boiler.png', { type: 'image/png' });
    const base = { site_id: '1', job_id: '1004' };
    expect(await errorOf(await upload({ ...base, upload_id: 'no!' }, photo()), 400)).toMatch(
      /upload id/,
    );
    expect(await errorOf(await upload({ ...base, stage: 'during' }, photo()), 400)).toMatch(
      /stage/,
    );
    const uploadId = crypto.randomUUID();
    await decoded(await upload({ ...base, upload_id: uploadId }, photo()), photoUploadResponse);
    const other = host.row('SELECT id, site_id FROM jobs WHERE id <> 1004 LIMIT 1') as {
      id: number;
      site_id: number;
    };
    const reused = await upload(
      { site_id: String(other.site_id), job_id: String(other.id), upload_id: uploadId },
      photo(),
    );
    expect(await errorOf(reused, 409)).toMatch(/another job/);
  });

  it('accepts the CSRF token as a _csrfToken multipart field', async () => {
    const form = new FormData();
    form.append('_csrfToken', TOKEN);
    form.append('site_id', '1');
    form.append('job_id', '1004');
    form.append('file', new File([PNG], 'a.png', { type: 'image/png' }));
    const response = await host.post('/api/photos/upload', form, { as: 'multipart', csrf: false });
    await decoded(response, photoUploadResponse);
  });

  it('refuses a missing file, a wrong type, a too-large file and a site that is not the job’s', async () => {
    const before = host.snapshot();
    expect(await errorOf(await upload({ site_id: '1', job_id: '1004' }), 400)).toMatch(/file/);
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(await errorOf(await upload({ site_id: '1', job_id: '1004' }, text), 400)).toMatch(
      /not accepted/,
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(await errorOf(await upload({ site_id: '1', job_id: '1004' }, big), 400)).toMatch(
      /larger than 5 MB/,
    );
    const png = new File([PNG], 'a.png', { type: 'image/png' });
    expect(await errorOf(await upload({ site_id: '2', job_id: '1004' }, png), 400)).toMatch(
      /not the site/,
    );
    expect(await errorOf(await upload({ site_id: 'x', job_id: '1004' }, png), 400)).toMatch(
      /site_id/,
    );
    expect(host.snapshot()).toBe(before);
    expect(existsSync(host.uploadsDir) ? readdirSync(host.uploadsDir) : []).toEqual([]);
    expect(await errorOf(await upload({ site_id: '1', job_id: '99999' }, png), 404)).toMatch(
      /Job 99999/,
    );
  });

  it('accepts a PDF by extension', async () => {
    const pdf = new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' });
    await decoded(await upload({ site_id: '3', job_id: '1005' }, pdf), photoUploadResponse);
  });
});
