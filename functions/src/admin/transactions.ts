import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { allTransactions } from './money.js';

/** `GET /api/admin/transactions`: every transaction with parent and tutor names, newest first. */
export const handler = apiHandler(routes.adminTransactions, {}, async () => ok({ transactions: await allTransactions() }));
