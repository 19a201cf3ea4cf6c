/** S3 emulated by s3rver, in this process, with browser uploads checked against their signed policy (s3-post-policy.ts). */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { localConfig, type LocalConfig } from './config.js';
import { onStop } from './processes.js';
import { enforcePostPolicies } from './s3-post-policy.js';

/** Starts s3rver on `config.ports.s3` (0: a free port) and returns the port it listens on. */
export async function startS3(config: LocalConfig = localConfig): Promise<{ port: number; close: () => Promise<void> }> {
  const directory = path.join(config.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    address: config.host,
    port: config.ports.s3,
    directory,
    silent: true,
    configureBuckets: Object.values(config.buckets).map((name) => ({ name, configs: [cors] })),
  });
  enforcePostPolicies(server);
  const { port } = await server.run();
  const close = () => server.close();
  onStop(close);
  return { port, close };
}
