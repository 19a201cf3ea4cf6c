import { createUploadSchema } from '#shared/upload-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { presignUpload } from './storage.js';

/**
 * `POST /api/uploads`: a presigned POST for one file (JPEG, PNG or WebP; a PDF too for a diploma;
 * ≤ 5 MB) under the caller's own id. Profile photos and diplomas go to the tutor-images bucket, KYC documents to
 * the private KYC bucket.
 */
export const handler = apiHandler(routes.createUpload, { body: createUploadSchema }, async ({ caller, body }) =>
  ok(await presignUpload(caller, body)),
);
