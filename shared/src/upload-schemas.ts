/**
 * Uploads: what an uploaded image is for, its bucket and key (owner, purpose, date), the presigned
 * POST the browser asks for and the signed GET it reads with. The S3 rules themselves are enforced
 * by the presigned policy (functions/src/commons/s3-presign.ts).
 */
import * as z from './zod.js';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from './constants.js';
import { messages } from './messages.js';

/** What an uploaded image is for; the KYC ones go to the private KYC bucket. */
export const UPLOAD_PURPOSES = ['profile_photo', 'diploma', 'kyc_cni', 'kyc_selfie'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export type UploadBucket = 'kyc' | 'tutor-images';
export type ImageContentType = (typeof UPLOAD_IMAGE_TYPES)[number];

export function bucketOfPurpose(purpose: UploadPurpose): UploadBucket {
  return purpose === 'kyc_cni' || purpose === 'kyc_selfie' ? 'kyc' : 'tutor-images';
}

export const IMAGE_EXTENSIONS: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * `<owner user id>/<purpose>_<epoch ms>_<uuid>.<ext>`: built by the server only, so the owner
 * part is always the caller's own id, and the uuid makes every upload a new object.
 */
const UPLOAD_KEY = /^([A-Za-z0-9-]{1,64})\/(profile_photo|diploma|kyc_cni|kyc_selfie)_(\d{13})_([0-9a-f-]{36})\.(jpg|png|webp)$/;

export interface ParsedUploadKey {
  ownerId: string;
  purpose: UploadPurpose;
  /** The random UUID the server drew for this upload (`randomUUID()`): names it without its owner. */
  uuid: string;
}

export function parseUploadKey(key: string): ParsedUploadKey | null {
  const match = UPLOAD_KEY.exec(key);
  if (!match) return null;
  return { ownerId: match[1]!, purpose: match[2] as UploadPurpose, uuid: match[4]! };
}

export function buildUploadKey(ownerId: string, purpose: UploadPurpose, contentType: ImageContentType, now: number, uuid: string): string {
  const key = `${ownerId}/${purpose}_${now}_${uuid}.${IMAGE_EXTENSIONS[contentType]}`;
  if (!parseUploadKey(key)) throw new Error('Clé de fichier invalide');
  return key;
}

export const uploadKeySchema = z
  .string({ error: messages.uploads.invalidKey })
  .check(z.refine((key) => parseUploadKey(key) !== null, { error: messages.uploads.invalidKey }));

/** `POST /api/uploads`: what the browser is about to upload. */
export const createUploadSchema = z.strictObject({
  purpose: z.enum(UPLOAD_PURPOSES, { error: messages.validation.invalidRequest }),
  content_type: z.enum(UPLOAD_IMAGE_TYPES, { error: messages.uploads.invalidType }),
  size: z
    .number({ error: messages.uploads.tooLarge })
    .check(
      z.int({ error: messages.uploads.tooLarge }),
      z.minimum(1, { error: messages.uploads.tooLarge }),
      z.maximum(UPLOAD_MAX_BYTES, { error: messages.uploads.tooLarge }),
    ),
});
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
