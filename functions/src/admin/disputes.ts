import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { openDisputes } from './money.js';

/** `GET /api/admin/disputes`: open disputes with their rating, review and transaction. */
export const handler = apiHandler(routes.adminDisputes, {}, async () => ok({ disputes: await openDisputes() }));
