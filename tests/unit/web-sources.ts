/** The web app's TypeScript sources, for tests that read them as text. */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const WEB = path.resolve(import.meta.dirname, '../../web/src');

/** Every .ts/.tsx file below `dir` (the whole app by default). */
export function webSources(dir: string = WEB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return webSources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
