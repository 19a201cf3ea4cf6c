/**
 * Chakra's and zag's built-in accessible names are English ("Close", "Dismiss notification",
 * "Notifications, top"). The screens visited end to end are checked in Chromium
 * (tests/e2e/navigation-by-role.test.ts); this keeps every other screen on the French components.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB, webSources } from './web-sources';

const chakraImports = (source: string) =>
  [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((m) => m[1]!.split(',').map((name) => name.trim()));

describe('French accessible names in the web app', () => {
  it("uses the French close button, never Chakra's (read 'Close')", () => {
    const offenders = webSources()
      .filter((file) => !file.endsWith(path.join('components', 'ui', 'close-button.tsx')))
      .filter((file) => chakraImports(readFileSync(file, 'utf8')).includes('CloseButton'))
      .map((file) => path.relative(WEB, file));
    expect(offenders).toEqual([]);
  });

  it('names every toast close button and the toast region in French', () => {
    for (const file of webSources()) {
      const source = readFileSync(file, 'utf8');
      for (const tag of source.match(/<Toast\.CloseTrigger\b[^>]*>/g) ?? []) {
        expect(tag, path.relative(WEB, file)).toMatch(/aria-label="[^"]*Fermer[^"]*"/);
      }
      for (const tag of source.match(/<ChakraToaster\b[^>]*>|<Toaster\b[^>]*toaster=[^>]*>/g) ?? []) {
        expect(tag, path.relative(WEB, file)).toMatch(/aria-label="Notifications[^"]*"/);
      }
    }
  });
});
