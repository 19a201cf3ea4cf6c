/**
 * The recipes of the components no first screen draws (dialog, menu, tabs, data list…) come with
 * those components (web/src/components/chakra, `addRecipes` in web/src/app/theme.ts): the entry
 * every first screen loads leaves them out. These tests keep that safe: a recipe added before or
 * after the system exists styles its component, the theme leaves out exactly those, and no screen
 * takes one of those components from '@chakra-ui/react' directly (it would draw unstyled wherever
 * the module with its recipe had not been loaded yet).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dataListSlotRecipe, dialogSlotRecipe } from '@chakra-ui/react/theme';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB, webSources } from './web-sources';

const LATE = path.join(WEB, 'components', 'chakra');
/** Where a recipe's styles go (the layers' order: reset, base, tokens, recipes). */
const RECIPES_LAYER = '@layer recipes';

type Theme = typeof import('../../web/src/app/theme');

/** A fresh copy of the theme module: its system not yet built, nothing added. */
async function freshTheme(): Promise<Theme> {
  vi.resetModules();
  return import('../../web/src/app/theme');
}

/** The late modules: the component each exports and the recipe keys it adds. */
function lateModules(): Array<{ file: string; component: string; keys: string[] }> {
  return readdirSync(LATE).map((name) => {
    const code = readFileSync(path.join(LATE, name), 'utf8');
    const component = /^export \{ (\w+) \} from '@chakra-ui\/react';$/m.exec(code)?.[1];
    const added = /addRecipes\(\{(.*)\}\);/s.exec(code)?.[1] ?? '';
    const keys = [...added.matchAll(/\{ (\w+): \w+ \}/g)].map((match) => match[1]!);
    return { file: name, component: component ?? '', keys };
  });
}

describe('Chakra recipes that come with their components', () => {
  let theme: Theme;
  beforeEach(async () => {
    theme = await freshTheme();
  });

  it('styles a component whose recipe is added after the system was built', () => {
    const system = theme.kalanSystem();
    expect(system.isSlotRecipe('dialog')).toBe(false);

    theme.addRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

    expect(system.isSlotRecipe('dialog')).toBe(true);
    const styles = system.getSlotRecipeFn('dialog')({ size: 'md' }) as Record<string, Record<string, unknown>>;
    expect(styles.positioner?.[RECIPES_LAYER]).toMatchObject({ display: 'flex', position: 'fixed' });
  });

  it('styles a component whose recipe was added before the system was built', () => {
    theme.addRecipes({ slotRecipes: { dataList: dataListSlotRecipe } });

    const system = theme.kalanSystem();

    expect(system.isSlotRecipe('dataList')).toBe(true);
    const styles = system.getSlotRecipeFn('dataList')({}) as Record<string, Record<string, unknown>>;
    expect(styles.root?.[RECIPES_LAYER]).toMatchObject({ display: 'flex', flexDirection: 'column' });
  });

  it('leaves out of the theme exactly the recipes the late modules add', () => {
    const modules = lateModules();
    expect(modules.length).toBeGreaterThanOrEqual(9);
    const system = theme.createKalanSystem();
    for (const { file, component, keys } of modules) {
      expect(component, `${file} exporte un composant de Chakra`).toMatch(/^[A-Z]\w+$/);
      expect(keys.length, `${file} ajoute sa recette`).toBeGreaterThan(0);
      for (const key of keys) expect(system.hasRecipe(key), `${key} (${file}) est encore dans le thème`).toBe(false);
    }
  });

  it('has no screen take one of those components from @chakra-ui/react', () => {
    const late = new Map(lateModules().map(({ file, component }) => [component, file.replace(/\.ts$/, '')]));
    const offenders = webSources()
      .filter((file) => !file.startsWith(LATE + path.sep))
      .flatMap((file) => {
        const code = readFileSync(file, 'utf8');
        const imported = [...code.matchAll(/import \{([^}]*)\} from '@chakra-ui\/react';/g)].flatMap((match) =>
          match[1]!.split(',').map((name) => name.trim()),
        );
        return imported.filter((name) => late.has(name)).map((name) => `${path.relative(WEB, file)}: ${name} → @/components/chakra/${late.get(name)}`);
      });
    expect(offenders).toEqual([]);
  });
});
