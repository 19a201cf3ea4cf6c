/**
 * Uploads: what an uploaded file is for, which types each purpose takes, its bucket and key
 * (owner, purpose, date), the presigned POST the browser asks for and the signed GET it reads
 * with. The S3 rules themselves are enforced by the presigned policy
 * (functions/src/commons/s3-presign.ts).
 */
import * as z from './zod.js';
import { UPLOAD_MAX_BYTES } from './constants.js';
import { uploadsMessages } from './message-catalogue/uploads.js';
import { validationMessages } from './message-catalogue/validation.js';
import { acceptsContentType, parseUploadKey, UPLOAD_PURPOSES, UPLOAD_RULES } from './upload-keys.js';

// The purposes, types, rules and keys, where they have always been imported from.
export * from './upload-keys.js';

export const uploadKeySchema = z
  .string({ error: uploadsMessages.invalidKey })
  .check(z.refine((key) => parseUploadKey(key) !== null, { error: uploadsMessages.invalidKey }));

/**
 * `POST /api/uploads`: what the browser is about to upload. The type and the size are checked
 * against the purpose's rule, so that a refusal names the formats it takes.
 */
export const createUploadSchema = z
  .strictObject({
    purpose: z.enum(UPLOAD_PURPOSES, { error: validationMessages.invalidRequest }),
    content_type: z.string({ error: validationMessages.invalidRequest }).check(z.maxLength(255, { error: validationMessages.invalidRequest })),
    size: z
      .number({ error: validationMessages.invalidRequest })
      .check(z.int({ error: validationMessages.invalidRequest }), z.minimum(1, { error: validationMessages.invalidRequest })),
  })
  .check(
    z.superRefine((value, ctx) => {
      const rule = UPLOAD_RULES[value.purpose];
      if (!acceptsContentType(value.purpose, value.content_type)) {
        ctx.issues.push({ code: 'custom', input: value.content_type, path: ['content_type'], message: rule.invalidType });
      }
      if (value.size > UPLOAD_MAX_BYTES) ctx.issues.push({ code: 'custom', input: value.size, path: ['size'], message: rule.tooLarge });
    }),
  );
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

/** A presigned POST: the browser posts `fields` + the file (last) as multipart form data to `url`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  expires_in: number;
}

/** `GET /api/uploads/url?key=…`. */
export const uploadUrlQuerySchema = z.object({ key: uploadKeySchema });
export interface SignedFileUrl {
  url: string;
  expires_in: number;
}
