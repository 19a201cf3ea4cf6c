/**
 * Files in the private buckets: presigned POSTs for uploads (images only, ≤ 5 MB, a new key under
 * the caller's own id for every upload) and short-lived presigned GETs for reads.
 * Nothing here logs a URL: presigned URLs are bearer credentials.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, type Role } from '#shared/constants';
import { messages } from '#shared/messages';
import {
  bucketOfPurpose,
  buildUploadKey,
  parseUploadKey,
  type CreateUploadInput,
  type ParsedUploadKey,
  type PresignedUpload,
  type UploadBucket,
  type UploadPurpose,
} from '#shared/onboarding-schemas';
import { s3 } from '#commons/clients/s3';
import { requireEnv } from '#commons/env';
import { ForbiddenError, ValidationError } from '#commons/errors';

/** A presigned POST must be used within 5 minutes. */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
/** Identity documents: readable for 5 minutes, by their owner and admins only. */
export const KYC_URL_TTL_SECONDS = 5 * 60;
/**
 * Tutor images: signed at the start of a 5-minute window and valid 15 minutes, so the same image
 * gets the same URL for a while (the browser can cache it) and a URL lives at least 10 minutes.
 */
export const IMAGE_URL_TTL_SECONDS = 15 * 60;
const IMAGE_URL_WINDOW_MS = 5 * 60_000;

export function bucketName(bucket: UploadBucket): string {
  return bucket === 'kyc' ? requireEnv('KYC_BUCKET') : requireEnv('TUTOR_IMAGES_BUCKET');
}

/**
 * The conditions every upload policy carries, besides the exact bucket and key that
 * createPresignedPost adds: the declared image type, and 1 byte to 5 MB.
 */
export function uploadConditions(contentType: string): Array<['eq', string, string] | ['content-length-range', number, number]> {
  return [
    ['eq', '$Content-Type', contentType],
    ['content-length-range', 1, UPLOAD_MAX_BYTES],
  ];
}

/** Which roles may upload for which purpose (tutors build their profile and pass KYC). */
const UPLOADERS: Record<UploadPurpose, readonly Role[]> = {
  profile_photo: ['tuteur'],
  diploma: ['tuteur'],
  kyc_cni: ['tuteur'],
  kyc_selfie: ['tuteur'],
};

export async function presignUpload(
  caller: { userId: string; groups: readonly Role[] },
  input: CreateUploadInput,
  now = Date.now(),
): Promise<PresignedUpload> {
  if (!caller.groups.some((group) => UPLOADERS[input.purpose].includes(group))) throw new ForbiddenError();
  // The key is built here from the verified token's subject: never from the request.
  const key = buildUploadKey(caller.userId, input.purpose, input.content_type, now, randomUUID());
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: bucketName(bucketOfPurpose(input.purpose)),
    Key: key,
    Conditions: uploadConditions(input.content_type),
    Fields: { 'Content-Type': input.content_type },
    Expires: UPLOAD_URL_TTL_SECONDS,
  });
  return { url, fields, key, expires_in: UPLOAD_URL_TTL_SECONDS };
}

/** KYC documents: their owner and admins. Tutor images: anyone signed in. */
export function canReadFile(caller: { userId: string; groups: readonly Role[] }, file: ParsedUploadKey): boolean {
  if (bucketOfPurpose(file.purpose) === 'tutor-images') return true;
  return file.ownerId === caller.userId || caller.groups.includes('admin');
}

export async function signedFileUrl(key: string, now = Date.now()): Promise<{ url: string; expires_in: number }> {
  const file = parseUploadKey(key);
  if (!file) throw new ValidationError(messages.uploads.invalidKey);
  const bucket = bucketOfPurpose(file.purpose);
  const command = new GetObjectCommand({ Bucket: bucketName(bucket), Key: key });
  if (bucket === 'kyc') {
    return { url: await getSignedUrl(s3, command, { expiresIn: KYC_URL_TTL_SECONDS }), expires_in: KYC_URL_TTL_SECONDS };
  }
  const windowStart = now - (now % IMAGE_URL_WINDOW_MS);
  const url = await getSignedUrl(s3, command, { expiresIn: IMAGE_URL_TTL_SECONDS, signingDate: new Date(windowStart) });
  return { url, expires_in: Math.floor((windowStart + IMAGE_URL_TTL_SECONDS * 1000 - now) / 1000) };
}

export async function signedUrlOrNull(key: string | null | undefined): Promise<string | null> {
  return key ? (await signedFileUrl(key)).url : null;
}

/**
 * Checks that `key` is an upload of the caller for one of `purposes` and that the object is
 * really there, an image of at most 5 MB (defence in depth: the POST policy already says so).
 */
export async function assertOwnUpload(ownerId: string, key: string, purposes: readonly UploadPurpose[]): Promise<void> {
  const file = parseUploadKey(key);
  if (!file || !purposes.includes(file.purpose)) throw new ValidationError(messages.uploads.invalidKey);
  if (file.ownerId !== ownerId) throw new ForbiddenError(messages.uploads.notYours);
  let head;
  try {
    head = await s3.send(new HeadObjectCommand({ Bucket: bucketName(bucketOfPurpose(file.purpose)), Key: key }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') throw new ValidationError(messages.uploads.missing);
    throw error;
  }
  const contentType = (head.ContentType ?? '').split(';')[0]!.trim();
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(contentType)) throw new ValidationError(messages.uploads.invalidType);
  if ((head.ContentLength ?? 0) > UPLOAD_MAX_BYTES) throw new ValidationError(messages.uploads.tooLarge);
}
