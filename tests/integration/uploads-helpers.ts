/** Uploads as the SPA does them: ask the API for a presigned POST, then post the file to S3. */
import { api } from '../support/stack.js';

/** A valid 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A small, well-formed one-page PDF (what a scanned diploma is, without the scan). */
export const PDF_DIPLOMA = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface Presigned {
  url: string;
  fields: Record<string, string>;
  key: string;
  expires_in: number;
}

export async function presign(token: string, purpose: string, contentType = 'image/png', size = PNG_1PX.length) {
  return api('/api/uploads', { method: 'POST', token, body: { purpose, content_type: contentType, size } });
}

export async function postFile(presigned: Presigned, bytes: Buffer, contentType = 'image/png'): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'photo.png');
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

/** Presigns and uploads a 1×1 PNG for `purpose`; returns its key. */
export async function uploadImage(token: string, purpose: string): Promise<string> {
  const response = await presign(token, purpose);
  if (response.status !== 200) throw new Error(`presign ${purpose}: ${response.status} ${response.text}`);
  const status = await postFile(response.body as Presigned, PNG_1PX);
  if (status >= 300) throw new Error(`upload ${purpose}: ${status}`);
  return (response.body as Presigned).key;
}

export function decodePolicy(fields: Record<string, string>): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
}
