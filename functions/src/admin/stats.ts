import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { adminStats } from './money.js';

/** `GET /api/admin/stats`: the four stat cards, with real numbers. */
export const handler = apiHandler(routes.adminStats, {}, async () => ok(await adminStats()));
