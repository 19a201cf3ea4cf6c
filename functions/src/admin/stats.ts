import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { adminStats } from './money.js';

/** `GET /api/admin/stats`: the stat cards, exact at any size (counters kept with every counted change). */
export const handler = apiHandler(routes.adminStats, {}, async () => ok(await adminStats()));
