/**
 * The local stack's site bucket as a deploy leaves it in the cloud (infra/lib/web.ts): the SPA's
 * build index.html, which the indexer makes the tutor pages from (functions/src/pages/publish.ts).
 * The router still serves the build itself from its folder; only the pages come from the bucket.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../../functions/src/commons/clients/s3.js';
import { SHELL_KEY } from '../../functions/src/pages/page-keys.js';
import { localConfig, type LocalConfig } from './config.js';

/** Copies the build's index.html into the site bucket; false when the SPA is not built. */
export async function deploySiteShell(config: LocalConfig = localConfig): Promise<boolean> {
  const built = path.join(config.webDist, SHELL_KEY);
  if (!existsSync(built)) return false;
  await s3.send(
    new PutObjectCommand({ Bucket: config.buckets.site, Key: SHELL_KEY, Body: readFileSync(built), ContentType: 'text/html; charset=utf-8', CacheControl: 'no-cache' }),
  );
  return true;
}
