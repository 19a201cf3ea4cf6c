import { parseUploadKey, uploadUrlQuerySchema } from '#shared/upload-schemas';
import { routes } from '#shared/routes';
import { ForbiddenError } from '#commons/errors';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { canReadFile, signedFileUrl } from './storage.js';

/**
 * `GET /api/uploads/url?key=…`: a short-lived presigned GET. A KYC document only for its owner
 * and admins (403 for anyone else); a tutor image for anyone signed in.
 */
export const handler = apiHandlerWithSecondFactor(routes.getUploadUrl, { query: uploadUrlQuerySchema }, async ({ caller, query }) => {
  const file = parseUploadKey(query.key);
  if (!file || !canReadFile(caller, file)) throw new ForbiddenError();
  return ok(await signedFileUrl(query.key, Date.now(), caller));
});
