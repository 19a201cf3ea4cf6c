import { routes } from '#shared/routes';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { adminStats } from './money.js';

/** `GET /api/admin/stats`: the stat cards, exact at any size (counters kept with every counted change). */
export const handler = apiHandlerWithSecondFactor(routes.adminStats, {}, async () => ok(await adminStats()));
