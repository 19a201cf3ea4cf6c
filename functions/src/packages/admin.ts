/**
 * The admin console's 'Forfaits' tab: every package, newest first, a page at a time (the small
 * index rows of gsi1 `PACKAGES`, then the packages and their lessons by id), with their state and
 * what their money became — the same cursors as the admin's transactions.
 */
import type { AdminPackagesPage } from '#shared/package-schemas';
import { readIndexPage } from '#commons/index-page';
import { ADMIN_LIST_PAGE_SIZE, type IndexList } from '#commons/page-cursor';
import { ALL_PACKAGES_INDEX, PackageIndexEntity } from './entities.js';
import { packagesByIds, packageViews } from './views.js';

const ALL_PACKAGES: IndexList = { name: 'pkg', index: 'gsi1', partition: ALL_PACKAGES_INDEX, tableKey: (id) => ({ pk: `PACKAGE#${id}`, sk: 'INDEX' }) };

export async function packagesPage(cursor: string | undefined, size = ADMIN_LIST_PAGE_SIZE, now = new Date()): Promise<AdminPackagesPage> {
  const { items, next_cursor } = await readIndexPage(PackageIndexEntity, ALL_PACKAGES, cursor, size, (row) => ({ at: row.created_at, id: row.package_id }));
  const packages = await packagesByIds(items.map((row) => row.package_id));
  return { packages: await packageViews(packages, now), next_cursor };
}
