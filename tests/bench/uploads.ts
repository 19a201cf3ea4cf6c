/**
 * Cost of presigning, which the upload, tutor profile and KYC handlers do on every request
 * (an admin KYC page signs 2 URLs per submission, a public tutor profile up to 6): median time
 * per presigned POST policy and per presigned GET, signed locally as in a Lambda.
 */
import { sized } from './sizes.js';

const ROUNDS = sized(5, 1);
const PER_ROUND = sized(2000, 50);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchUploads(): Promise<void> {
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDBENCH',
    AWS_SECRET_ACCESS_KEY: 'bench-secret',
    KYC_BUCKET: 'bench-kyc',
    TUTOR_IMAGES_BUCKET: 'bench-images',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  const { presignUpload, signedFileUrl } = await import('../../functions/src/uploads/storage.js');
  const caller = { userId: '0f8fad5b-d9cb-469f-a165-70867728950e', groups: ['tuteur' as const] };
  const kycKey = `${caller.userId}/kyc_cni_1750000000000_0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;

  const measure = async (run: () => Promise<unknown>) => {
    await run(); // warm-up: credentials and endpoint resolution
    const rounds: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const started = performance.now();
      for (let i = 0; i < PER_ROUND; i += 1) await run();
      rounds.push(((performance.now() - started) * 1000) / PER_ROUND);
    }
    return median(rounds);
  };

  const post = await measure(() => presignUpload(caller, { purpose: 'kyc_selfie', content_type: 'image/jpeg', size: 900_000 }));
  const get = await measure(() => signedFileUrl(kycKey));
  console.log(`## Presigning (median of ${ROUNDS} × ${PER_ROUND}, in process)`);
  console.log(`  presigned POST policy        ${post.toFixed(1).padStart(7)} µs`);
  console.log(`  presigned GET URL            ${get.toFixed(1).padStart(7)} µs`);
  console.log(`  admin KYC page (25 × 2 GETs) ${((get * 50) / 1000).toFixed(2).padStart(7)} ms`);
}
