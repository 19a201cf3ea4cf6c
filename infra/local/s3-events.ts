/**
 * S3 event notifications, locally: s3rver emits an S3 event (the Lambda payload's shape) for each
 * object written; those of the tutor-images bucket go to the photo resizer, as the bucket's
 * notification does in AWS (infra/lib/uploads.ts). Invoked asynchronously like S3 invokes a
 * Lambda: the upload's answer never waits, and a failed invocation is tried twice more.
 */
import type { S3Event } from 'aws-lambda';
import { eventHandlers } from '#shared/routes';
import { localConfig, type LocalConfig } from './config.js';
import { invoke } from './lambda-runtime.js';

/** What S3 gives an asynchronous invocation: the first try and two retries. */
const ATTEMPTS = 3;

interface EventEmitterLike {
  on(event: 'event', listener: (event: S3Event) => void): unknown;
}

export function notifyPhotoResizer(server: EventEmitterLike, config: LocalConfig = localConfig): void {
  server.on('event', (event) => {
    const records = (event.Records ?? []).filter(
      (record) => record.s3.bucket.name === config.buckets.tutorImages && record.eventName.startsWith('ObjectCreated:'),
    );
    if (records.length === 0) return;
    // As in AWS: the key URL-encoded, the bucket's region.
    const delivered: S3Event = {
      Records: records.map((record) => ({
        ...record,
        awsRegion: config.region,
        s3: { ...record.s3, object: { ...record.s3.object, key: encodeURIComponent(record.s3.object.key).replace(/%2F/g, '/') } },
      })),
    };
    void (async () => {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        try {
          await invoke(eventHandlers.photoResizer, delivered);
          return;
        } catch (error) {
          if (attempt === ATTEMPTS) console.error('[s3] Le redimensionnement de la photo a échoué :', (error as Error).message);
        }
      }
    })();
  });
}
