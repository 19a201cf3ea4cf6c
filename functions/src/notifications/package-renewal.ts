/**
 * A package's renewal notice (issue 32), when its one-time schedule (packages/renewal-notice.ts)
 * invokes the notifier: tells the parent and the tutor that the package ends soon, in-app and by
 * e-mail as they chose, only while the package is still active and not renewed. Once: each
 * notification's id is the package's own (`<end>#<package>#package_renewal#<side>`), whatever the
 * schedule's retries, and `renewal_notified_at` is stamped once after both were delivered.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { Side } from '#shared/notifications';
import { isConditionalCheckFailure } from '#commons/db';
import { logger } from '#commons/logger';
import { PackageEntity } from '../packages/entities.js';
import type { PackageRenewalEvent } from '../packages/renewal-notice.js';
import { deliver, productionChannels, type Channels, type DeliveryResult } from './deliver.js';

export const isPackageRenewalEvent = (event: unknown): event is PackageRenewalEvent =>
  typeof (event as PackageRenewalEvent | null)?.packageRenewal?.packageId === 'string';

export async function tellRenewal({ packageRenewal }: PackageRenewalEvent, channels: Channels = productionChannels): Promise<DeliveryResult[]> {
  const { Item: pkg } = await PackageEntity.build(GetItemCommand).key({ id: packageRenewal.packageId }).options({ consistent: true }).send();
  if (!pkg || pkg.status !== 'active' || pkg.renewed_by || pkg.renewal_notified_at) {
    logger.info('Renewal notice not sent: package not running, renewed or told already', { package_id: packageRenewal.packageId });
    return [];
  }
  const lastLessonStart = new Date(Date.parse(pkg.end_at) - pkg.duration_hours * 3_600_000).toISOString();
  const details = { kind: 'package_renewal' as const, packageId: pkg.id, tutorName: pkg.tutor_name, parentName: pkg.parent_name, lastLessonStart };
  const results: DeliveryResult[] = [];
  for (const [side, userId] of [['parent', pkg.parent_id], ['tutor', pkg.tutor_user_id]] as Array<[Side, string]>) {
    const result = await deliver(userId, { side, details, ref: `${pkg.id}#package_renewal#${side}` }, pkg.end_at, channels);
    if (result) results.push(result);
  }
  await PackageEntity.build(UpdateItemCommand)
    .item({ id: pkg.id, renewal_notified_at: new Date().toISOString() })
    .options({ condition: { attr: 'renewal_notified_at', exists: false } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
  return results;
}
