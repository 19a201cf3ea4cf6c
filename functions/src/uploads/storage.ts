/**
 * Files in the private buckets: presigned POSTs for uploads (the purpose's types, UPLOAD_RULES:
 * images, or a PDF for a diploma; ≤ 5 MB; a new key under the caller's own id for every upload)
 * and short-lived presigned GETs for reads.
 * Nothing here logs a URL: presigned URLs are bearer credentials.
 */
import { createHash, randomUUID } from 'node:crypto';
import { KYC_RETENTION, KYC_URL_TTL_SECONDS, UPLOAD_MAX_BYTES, type Role } from '#shared/constants';
import { messages } from '#shared/messages';
import {
  acceptsContentType,
  bucketOfPurpose,
  buildUploadKey,
  parseUploadKey,
  type CreateUploadInput,
  type ParsedUploadKey,
  type PresignedUpload,
  type UploadBucket,
  type UploadPurpose,
  UPLOAD_RULES,
} from '#shared/upload-schemas';
import { environmentContext, presignObjectUrl, presignPost, signObjectRequest } from '#commons/s3-presign';
import { requireEnv } from '#commons/env';
import { ForbiddenError, ValidationError } from '#commons/errors';
import { logger } from '#commons/logger';

/** A presigned POST must be used within 5 minutes. */
export const UPLOAD_URL_TTL_SECONDS = 5 * 60;
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
 * createPresignedPost adds: the declared type (one the purpose takes), and 1 byte to 5 MB.
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
  // The request's schema checked it already; this narrows the type for the key.
  if (!acceptsContentType(input.purpose, input.content_type)) throw new ValidationError(UPLOAD_RULES[input.purpose].invalidType);
  // The key is built here from the verified token's subject: never from the request.
  const key = buildUploadKey(caller.userId, input.purpose, input.content_type, now, randomUUID());
  const { url, fields } = await presignPost(environmentContext(), {
    bucket: bucketName(bucketOfPurpose(input.purpose)),
    key,
    conditions: uploadConditions(input.content_type),
    fields: { 'Content-Type': input.content_type },
    expiresIn: UPLOAD_URL_TTL_SECONDS,
  });
  return { url, fields, key, expires_in: UPLOAD_URL_TTL_SECONDS };
}

/** KYC documents: their owner and admins. Tutor images: anyone signed in. */
export function canReadFile(caller: { userId: string; groups: readonly Role[] }, file: Pick<ParsedUploadKey, 'ownerId' | 'purpose'>): boolean {
  if (bucketOfPurpose(file.purpose) === 'tutor-images') return true;
  return file.ownerId === caller.userId || caller.groups.includes('admin');
}

/**
 * A presigned GET of one file. For an identity document, one log line says who got a link to which
 * document (`reader`, when the caller is known; the request's correlation id always), so that S3's
 * server access logs of the KYC bucket can be tied to a person. Never the URL: it is a bearer
 * credential.
 */
export async function signedFileUrl(
  key: string,
  now = Date.now(),
  reader?: { userId: string; groups: readonly Role[] },
): Promise<{ url: string; expires_in: number }> {
  const file = parseUploadKey(key);
  if (!file) throw new ValidationError(messages.uploads.invalidKey);
  const bucket = bucketOfPurpose(file.purpose);
  const object = { bucket: bucketName(bucket), key };
  if (bucket === 'kyc') {
    const url = await presignObjectUrl(environmentContext(), { ...object, expiresIn: KYC_URL_TTL_SECONDS });
    logger.info('KYC document URL issued', {
      documentKey: key,
      ownerId: file.ownerId,
      readerId: reader?.userId,
      readerGroups: reader?.groups,
      expiresIn: KYC_URL_TTL_SECONDS,
    });
    return { url, expires_in: KYC_URL_TTL_SECONDS };
  }
  const windowStart = now - (now % IMAGE_URL_WINDOW_MS);
  const url = await presignObjectUrl(environmentContext(), {
    ...object,
    expiresIn: IMAGE_URL_TTL_SECONDS,
    signingDate: new Date(windowStart),
  });
  return { url, expires_in: Math.floor((windowStart + IMAGE_URL_TTL_SECONDS * 1000 - now) / 1000) };
}

export async function signedUrlOrNull(key: string | null | undefined): Promise<string | null> {
  return key ? (await signedFileUrl(key)).url : null;
}

/**
 * Checks that `key` is an upload of the caller for one of `purposes` and that the object is
 * really there, of the type its key names and at most 5 MB (defence in depth: the POST policy
 * already says so).
 */
export async function assertOwnUpload(ownerId: string, key: string, purposes: readonly UploadPurpose[]): Promise<void> {
  const file = parseUploadKey(key);
  if (!file || !purposes.includes(file.purpose)) throw new ValidationError(messages.uploads.invalidKey);
  if (file.ownerId !== ownerId) throw new ForbiddenError(messages.uploads.notYours);
  // HEAD through a short presigned URL: the object's type and size, without the S3 client.
  const headUrl = await presignObjectUrl(environmentContext(), {
    bucket: bucketName(bucketOfPurpose(file.purpose)),
    key,
    method: 'HEAD',
    expiresIn: 60,
  });
  const head = await fetch(headUrl, { method: 'HEAD' });
  if (head.status === 404) throw new ValidationError(messages.uploads.missing);
  if (!head.ok) throw new Error(`S3 HEAD answered ${head.status}`);
  const contentType = (head.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const rule = UPLOAD_RULES[file.purpose];
  if (contentType !== file.contentType) throw new ValidationError(rule.invalidType);
  if (Number(head.headers.get('content-length') ?? 0) > UPLOAD_MAX_BYTES) throw new ValidationError(rule.tooLarge);
  // An identity document marked for deletion (a rejected submission's) would be deleted under the
  // new submission too: the tutor sends a new photo instead.
  if (bucketOfPurpose(file.purpose) === 'kyc' && (await retentionTagOf(key))) throw new ValidationError(messages.uploads.retained);
}

/** The KYC_RETENTION tag of an identity document, if it has one (a signed GetObjectTagging). */
async function retentionTagOf(key: string): Promise<string | undefined> {
  const request = await signObjectRequest(environmentContext(), { bucket: bucketName('kyc'), key, method: 'GET', query: { tagging: '' } });
  const response = await fetch(request.url, { headers: request.headers });
  const xml = await response.text();
  if (!response.ok) throw new Error(`S3 GetObjectTagging answered ${response.status}`);
  // A fixed, S3-generated document: the one tag looked for, by its key.
  const tag = new RegExp(`<Tag><Key>${KYC_RETENTION.tagKey}</Key><Value>([^<]*)</Value></Tag>`).exec(xml.replace(/\s+</g, '<'));
  return tag?.[1];
}

export type KycRetention = keyof Pick<typeof KYC_RETENTION, 'rejected' | 'accountDeleted'>;

/**
 * Tags identity documents for the retention rule: the KYC bucket's lifecycle rules delete objects
 * tagged `kalan-retention=<tag>` after KYC_RETENTION's days (infra/lib/data.ts). PutObjectTagging
 * replaces the object's tag set, so repeating it is harmless: callers retry it freely.
 */
export async function tagKycDocuments(keys: readonly string[], retention: KycRetention): Promise<void> {
  const { tagKey } = KYC_RETENTION;
  const { tag } = KYC_RETENTION[retention];
  const body = `<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet><Tag><Key>${tagKey}</Key><Value>${tag}</Value></Tag></TagSet></Tagging>`;
  const contentMd5 = createHash('md5').update(body, 'utf8').digest('base64');
  await Promise.all(
    keys.map(async (key) => {
      const file = parseUploadKey(key);
      if (!file || bucketOfPurpose(file.purpose) !== 'kyc') throw new ValidationError(messages.uploads.invalidKey);
      const request = await signObjectRequest(environmentContext(), {
        bucket: bucketName('kyc'),
        key,
        method: 'PUT',
        query: { tagging: '' },
        body,
        headers: { 'content-md5': contentMd5, 'content-type': 'application/xml' },
      });
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
      await response.arrayBuffer();
      // A document already gone (deleted account) has nothing left to tag.
      if (response.status === 404) return;
      if (!response.ok) throw new Error(`S3 PutObjectTagging answered ${response.status}`);
    }),
  );
}

/**
 * Deletes stored files (an account's identity documents and tutor images): a signed DeleteObject
 * each. On the versioned KYC bucket this leaves a delete marker and makes the document a
 * noncurrent version, which the retention rule expires once tagged (`tagKycDocuments` first).
 * Deleting a file already gone succeeds (S3 answers 204), so a retried deletion repeats it freely.
 */
export async function deleteStoredFiles(keys: readonly string[]): Promise<void> {
  // One after the other: a handful of files, and the local S3 (s3rver) cleans up a folder left
  // empty after each delete, which two deletes in the same folder at once make fail.
  for (const key of keys) {
    const file = parseUploadKey(key);
    if (!file) throw new ValidationError(messages.uploads.invalidKey);
    const request = await signObjectRequest(environmentContext(), { bucket: bucketName(bucketOfPurpose(file.purpose)), key, method: 'DELETE' });
    const response = await fetch(request.url, { method: request.method, headers: request.headers });
    await response.arrayBuffer();
    if (!response.ok && response.status !== 404) throw new Error(`S3 DeleteObject answered ${response.status}`);
  }
}
