/**
 * S3 client for real object reads and writes (the catalogue snapshot), created once per container.
 * Handlers that only hand out links use commons/s3-presign.ts instead, without this client.
 * Locally AWS_ENDPOINT_URL_S3 points at s3rver, which needs path-style addresses. Checksums only when required: presigned URLs carrying the SDK's
 * default CRC32 parameters are refused by S3 for browser uploads and reads.
 */
import { S3Client } from '@aws-sdk/client-s3';

export const s3 = new S3Client({
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
});
