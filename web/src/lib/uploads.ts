import { CAPTURE_JPEG_QUALITY, UPLOAD_MAX_BYTES } from '#shared/constants';
import { acceptsContentType, type PresignedUpload, type UploadContentType, type UploadPurpose } from '#shared/upload-schemas';
import { apiRequest } from './api';

/** An upload the browser cannot make: a type the purpose does not take, too large, or refused by the network/S3. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** True when `file` can be sent as it is for `purpose`: one of its types (UPLOAD_RULES), 1 B to 5 MB. */
export function isUploadable(file: Blob, purpose: UploadPurpose): file is Blob & { type: UploadContentType } {
  return acceptsContentType(purpose, file.type) && file.size > 0 && file.size <= UPLOAD_MAX_BYTES;
}

/**
 * What is sent for a picked file: the file itself when the purpose takes it as it is; any other
 * image re-encoded as a JPEG (a phone's HEIC, a photo over 5 MB); null for anything else — a Word
 * file, a PDF over 5 MB, a PDF as a profile photo, an image the browser cannot read — which the
 * user is told is refused, with the formats the purpose takes.
 */
export async function uploadableFile(file: Blob, purpose: UploadPurpose): Promise<Blob | null> {
  if (isUploadable(file, purpose)) return file;
  if (!file.type.startsWith('image/')) return null;
  const jpeg = await imageFileToJpeg(file).catch(() => null);
  return jpeg && isUploadable(jpeg, purpose) ? jpeg : null;
}

/**
 * Uploads one file: the API signs a POST for a new key under the user's own id, then the file
 * goes straight to the private bucket. Returns the key to save with the profile or the KYC.
 */
export async function uploadFile(file: Blob, purpose: UploadPurpose): Promise<string> {
  if (!isUploadable(file, purpose)) throw new UploadError('Fichier refusé');
  const presigned = await apiRequest<PresignedUpload>('createUpload', {
    body: { purpose, content_type: file.type, size: file.size },
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', file); // S3 ignores every field after the file
  let response: Response;
  try {
    response = await fetch(presigned.url, { method: 'POST', body: form });
  } catch (error) {
    throw new UploadError('Envoi impossible', { cause: error });
  }
  if (!response.ok) throw new UploadError(`S3 a répondu ${response.status}`);
  return presigned.key;
}

const MAX_EDGE = 1920;

/** Draws an image source on a canvas, at most 1920 px on its longest edge. */
function drawScaled(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const scale = Math.min(1, MAX_EDGE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new UploadError('Canvas indisponible');
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export function canvasToJpeg(canvas: HTMLCanvasElement, quality = CAPTURE_JPEG_QUALITY): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new UploadError('Capture impossible'))), 'image/jpeg', quality),
  );
}

/** A frame of a playing video as a JPEG at quality 0.8 (spec §7 storage). */
export function captureVideoFrame(video: HTMLVideoElement): Promise<Blob> {
  return canvasToJpeg(drawScaled(video, video.videoWidth, video.videoHeight));
}

/** Any picked image re-encoded as a JPEG at quality 0.8, scaled down if huge (phone photos). */
export async function imageFileToJpeg(file: Blob): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new UploadError('Pas une image');
  const bitmap = await createImageBitmap(file).catch((error: unknown) => {
    throw new UploadError('Image illisible', { cause: error });
  });
  try {
    return await canvasToJpeg(drawScaled(bitmap, bitmap.width, bitmap.height));
  } finally {
    bitmap.close();
  }
}
