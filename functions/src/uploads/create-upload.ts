import { createUploadSchema } from '#shared/upload-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { presignUpload } from './storage.js';

/**
 * `POST /api/uploads`: a presigned POST for one image (JPEG, PNG or WebP, ≤ 5 MB) under the
 * caller's own id. Profile photos and diplomas go to the tutor-images bucket, KYC documents to
 * the private KYC bucket.
 */
export const handler = apiHandler(routes.createUpload, { body: createUploadSchema }, async ({ caller, body }) =>
  ok(await presignUpload(caller, body)),
);
