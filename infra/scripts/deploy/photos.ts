/**
 * After `cdk deploy`: the profile photos moved to the current layout (functions/src/photos/backfill.ts)
 * by the photo resizer itself, invoked synchronously with `{ action: 'backfill-photos', limit, after }`
 * until it answers that nothing remains. Each call is bounded (BACKFILL_LIMIT photos, and a time
 * budget within the function), so no call nears the function's timeout, and a deploy of a stage
 * whose photos are all migrated costs one call.
 */
import * as z from 'zod/mini';
import {
  BACKFILL_PHOTOS_ACTION,
  backfillPhotosResultSchema,
  type BackfillPhotosRequest,
  type BackfillPhotosResult,
} from '../../../functions/src/photos/backfill-request.js';

/** Photos per call: ≈ 0.2–1 s each in the function. */
export const BACKFILL_LIMIT = 10;
/** A stop for a function that would answer a cursor forever (it cannot: each call moves past the photos it looked at). */
const MAX_CALLS = 10_000;

export interface PhotosMigration {
  calls: number;
  migrated: number;
  skipped: number;
}

export async function migratePhotos(
  invoke: (payload: BackfillPhotosRequest) => Promise<unknown>,
  log: (line: string) => void,
): Promise<PhotosMigration> {
  const total: PhotosMigration = { calls: 0, migrated: 0, skipped: 0 };
  let after: string | undefined;
  for (;;) {
    if (total.calls >= MAX_CALLS) throw new Error(`migration des photos : toujours inachevée après ${MAX_CALLS} appels`);
    const answer = await invoke({ action: BACKFILL_PHOTOS_ACTION, limit: BACKFILL_LIMIT, ...(after === undefined ? {} : { after }) });
    const parsed = z.safeParse(backfillPhotosResultSchema, answer);
    if (!parsed.success) throw new Error(`migration des photos : réponse inattendue (${JSON.stringify(answer)?.slice(0, 200)})`);
    const result: BackfillPhotosResult = parsed.data;
    total.calls += 1;
    total.migrated += result.migrated;
    total.skipped += result.skipped;
    if (result.migrated || result.skipped) log(`photos : ${result.migrated} migrée(s), ${result.skipped} ignorée(s), ${result.remaining} restante(s)`);
    if (result.next === null) return total;
    if (after !== undefined && result.next <= after) throw new Error(`migration des photos : le curseur n'avance pas (${result.next})`);
    after = result.next;
  }
}
