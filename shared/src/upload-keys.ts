/**
 * Uploads without their request schemas: what an uploaded file is for, which types each purpose
 * takes, its bucket and key (owner, purpose, date). No zod here: a visitor's tutor card reads a
 * photo's key (photos.ts) and needs none of the schemas (issue 34: a visitor's first page).
 */
import { UPLOAD_DOCUMENT_TYPES, UPLOAD_IMAGE_TYPES } from './constants.js';
import { uploadsMessages } from './message-catalogue/uploads.js';

/** What an uploaded file is for; the KYC ones go to the private KYC bucket. */
export const UPLOAD_PURPOSES = ['profile_photo', 'diploma', 'kyc_cni', 'kyc_selfie'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export type UploadBucket = 'kyc' | 'tutor-images';
export type ImageContentType = (typeof UPLOAD_IMAGE_TYPES)[number];
/** Every type an upload may have; which purpose takes which: `UPLOAD_RULES`. */
export const UPLOAD_CONTENT_TYPES = [...UPLOAD_IMAGE_TYPES, ...UPLOAD_DOCUMENT_TYPES] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export function bucketOfPurpose(purpose: UploadPurpose): UploadBucket {
  return purpose === 'kyc_cni' || purpose === 'kyc_selfie' ? 'kyc' : 'tutor-images';
}

export const UPLOAD_EXTENSIONS: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The formats as a user knows them. */
const FORMAT_NAMES: Record<UploadContentType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'application/pdf': 'PDF' };

interface UploadRule {
  types: readonly UploadContentType[];
  /** The French refusals of another type, of a file over UPLOAD_MAX_BYTES. */
  invalidType: string;
  tooLarge: string;
}
const IMAGES: UploadRule = { types: UPLOAD_IMAGE_TYPES, invalidType: uploadsMessages.invalidType, tooLarge: uploadsMessages.tooLarge };

/**
 * What each purpose takes. A profile photo becomes the avatar and the share image, an identity
 * document is compared with a face: images only. A diploma is often a scanned PDF: a PDF or an
 * image (never shown to others: they see its count).
 */
export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  profile_photo: IMAGES,
  diploma: { types: ['application/pdf', ...UPLOAD_IMAGE_TYPES], invalidType: uploadsMessages.invalidDiplomaType, tooLarge: uploadsMessages.diplomaTooLarge },
  kyc_cni: IMAGES,
  kyc_selfie: IMAGES,
};

export function acceptsContentType(purpose: UploadPurpose, type: string): type is UploadContentType {
  return (UPLOAD_RULES[purpose].types as readonly string[]).includes(type);
}

/** 'PDF, JPEG, PNG ou WebP': what a purpose takes, as the refusals and the uploader's hint say it. */
export function acceptedFormats(purpose: UploadPurpose): string {
  const names = UPLOAD_RULES[purpose].types.map((type) => FORMAT_NAMES[type]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : names.join('');
}

/**
 * `<owner user id>/<purpose>_<epoch ms>_<uuid>.<ext>`: built by the server only, so the owner
 * part is always the caller's own id, and the uuid makes every upload a new object. The extension
 * must be one of the purpose's types (no `.pdf` photo or identity document).
 */
const UPLOAD_KEY = /^([A-Za-z0-9-]{1,64})\/(profile_photo|diploma|kyc_cni|kyc_selfie)_(\d{13})_([0-9a-f-]{36})\.(jpg|png|webp|pdf)$/;
const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(UPLOAD_EXTENSIONS).map(([type, extension]) => [extension, type])) as Record<string, UploadContentType>;

export interface ParsedUploadKey {
  ownerId: string;
  purpose: UploadPurpose;
  /** The random UUID the server drew for this upload (`randomUUID()`): names it without its owner. */
  uuid: string;
  /** The type its extension says, which the upload's policy pinned. */
  contentType: UploadContentType;
}

export function parseUploadKey(key: string): ParsedUploadKey | null {
  const match = UPLOAD_KEY.exec(key);
  if (!match) return null;
  const purpose = match[2] as UploadPurpose;
  const contentType = TYPE_OF_EXTENSION[match[5]!]!;
  if (!acceptsContentType(purpose, contentType)) return null;
  return { ownerId: match[1]!, purpose, uuid: match[4]!, contentType };
}

export function buildUploadKey(ownerId: string, purpose: UploadPurpose, contentType: UploadContentType, now: number, uuid: string): string {
  const key = `${ownerId}/${purpose}_${now}_${uuid}.${UPLOAD_EXTENSIONS[contentType]}`;
  if (!parseUploadKey(key)) throw new Error('Clé de fichier invalide');
  return key;
}
