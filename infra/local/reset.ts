/** `npm run reset`: wipes the local data (tables, users, files, the Paystack sandbox's transactions). Stop `npm start` first. */
import { rmSync } from 'node:fs';
import { localConfig } from './config.js';

rmSync(localConfig.dataDir, { recursive: true, force: true });
console.log(`[kalan] Données locales supprimées (${localConfig.dataDir}).`);
