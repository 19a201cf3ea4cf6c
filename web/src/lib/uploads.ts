import { CAPTURE_JPEG_QUALITY, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '#shared/constants';
import { type ImageContentType, type PresignedUpload, type UploadPurpose } from '#shared/upload-schemas';
import { apiRequest } from './api';

/** An upload the browser cannot make: not an image, too large, or refused by the network/S3. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}

export function isUploadableImage(file: Blob): file is Blob & { type: ImageContentType } {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= UPLOAD_MAX_BYTES;
}

/**
 * Uploads one image: the API signs a POST for a new key under the user's own id, then the file
 * goes straight to the private bucket. Returns the key to save with the profile or the KYC.
 */
export async function uploadImage(file: Blob, purpose: UploadPurpose): Promise<string> {
  if (!isUploadableImage(file)) throw new UploadError('Fichier refusé');
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
