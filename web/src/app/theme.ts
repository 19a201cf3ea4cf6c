import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  defineRecipe,
  defineSlotRecipe,
  mergeConfigs,
  type SystemConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * A solid button darkens under the pointer instead of turning 10 % transparent: over a white page
 * the transparent one is lighter, and its white label fell under 4.5:1 (4.42:1 on Kalan's orange).
 */
function solidButtonDarkensOnHover() {
  const darker = { bg: 'color-mix(in srgb, {colors.colorPalette.solid} 88%, black)' };
  const variants = buttonRecipe.variants!;
  return defineRecipe({
    ...buttonRecipe,
    variants: { ...variants, variant: { ...variants.variant, solid: { ...variants.variant!.solid, _hover: darker, _expanded: darker } } },
  });
}

/**
 * Light mode only (Kalan has no dark mode): each semantic token keeps its `_light` value, so
 * `createSystem` builds no `.dark` variables. With the unused palettes left out, this halves the
 * work the phone does before its first paint (Lighthouse's blocking time, issue 10).
 */
function lightOnly<T>(node: T): T {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  if ('value' in node) {
    const { value } = node as { value: unknown };
    const light = value && typeof value === 'object' && '_light' in value ? (value as { _light: unknown })._light : value;
    return { ...node, value: light };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/** Colour palettes no screen uses (Kalan's: gray, orange, red, green, yellow, blue, purple). */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'pink']);

function withoutUnusedPalettes<T extends { colors?: object }>(group: T): T {
  const colors = Object.fromEntries(Object.entries(group.colors ?? {}).filter(([name]) => !UNUSED_PALETTES.has(name)));
  return { ...group, colors };
}

/**
 * Chakra's default theme, but only with the recipes Kalan uses: the full `defaultConfig` ships
 * ~70 component recipes (date picker, colour picker…) and costs ~25 KB gzip on every page.
 *
 * The recipes of the components no visitor's first screen draws (dialog, menu, tabs…) are not here
 * either: each comes with the code that draws it (web/src/components/chakra, `addRecipes`).
 *
 * ⚠ Using a Chakra component whose recipe is neither listed here nor added renders it UNSTYLED:
 * import its recipe from '@chakra-ui/react/theme' and add it below, or give the component a module
 * in web/src/components/chakra (tests/unit/web-late-recipes.test.ts lists them).
 */
const themeConfig = defineConfig({
  cssVarsPrefix,
  cssVarsRoot,
  theme: {
    breakpoints,
    tokens: withoutUnusedPalettes(tokens),
    semanticTokens: lightOnly(withoutUnusedPalettes(semanticTokens)),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: solidButtonDarkensOnHover(),
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      stat: statSlotRecipe,
      // The description at full opacity: white at 80 % on a solid toast falls under 4.5:1.
      toast: defineSlotRecipe({
        ...toastSlotRecipe,
        base: { ...toastSlotRecipe.base, description: { ...toastSlotRecipe.base?.description, opacity: '1' } },
      }),
    },
  },
});

/**
 * Kalan's look: orange (Côte d'Ivoire) is the accent colour of every component.
 *
 * Text must stand out from its background by 4.5:1 at least (WCAG AA, checked by axe in
 * tests/e2e/accessibility.test.ts). Chakra's solid orange (#ea580c) gives white text 3.55:1, its
 * solid green 3.29:1, its error red on white 3.76:1: the same hues, darker, where text sits on
 * them or they are text. Light mode only (the app has no dark mode).
 */
const kalanConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'orange' },
    body: { minHeight: '100dvh' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          /** Hue 17°, near the flag's orange: white on it 5.18:1. */
          orange: { value: '#c2410c' },
          /** White on it 5.02:1. */
          green: { value: '#15803d' },
          /** On white 6.47:1, on the error background (red.50) 6.0:1. */
          red: { value: '#b91c1c' },
        },
      },
    },
    semanticTokens: {
      colors: {
        orange: { solid: { value: '{colors.brand.orange}' } },
        green: { solid: { value: '{colors.brand.green}' } },
        fg: { error: { value: '{colors.brand.red}' } },
      },
    },
  },
});

/**
 * Kalan's system. What only its global styles use — the reset, Chakra's base styles, the keyframes —
 * is given by the build, which turns them into a stylesheet (web/build/global-css.ts): the browser
 * never builds them.
 */
export function createKalanSystem(globalStyles?: SystemConfig): SystemContext {
  return createSystem(mergeConfigs(defaultBaseConfig, ...(globalStyles ? [globalStyles] : []), themeConfig, kalanConfig));
}

let system: SystemContext | undefined;

type Recipes = Pick<NonNullable<SystemConfig['theme']>, 'recipes' | 'slotRecipes'>;
const lateRecipes: Required<Recipes> = { recipes: {}, slotRecipes: {} };

function giveRecipes({ _config }: SystemContext, { recipes, slotRecipes }: Recipes): void {
  const theme = _config.theme!;
  theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}

/**
 * A recipe given to the system by the code that draws its component, when that code arrives
 * (web/src/components/chakra): the entry every first screen loads carries only the recipes those
 * screens draw. Chakra reads a recipe from the theme the first time a component asks for it
 * (`getRecipeFn`, `getSlotRecipeFn`) and never before, so one added later styles it all the same.
 */
export function addRecipes({ recipes = {}, slotRecipes = {} }: Recipes): void {
  Object.assign(lateRecipes.recipes, recipes);
  Object.assign(lateRecipes.slotRecipes, slotRecipes);
  if (system) giveRecipes(system, { recipes, slotRecipes });
}

/**
 * Kalan's Chakra system in the browser, built on first call. Building it is the largest single
 * step of the app's start (token dictionary and CSS variables, ~50 ms on a laptop, four times that
 * on a mid-range phone): main.tsx calls this in a task of its own, between the modules' evaluation
 * and the first render, so that no one task blocks a tap for that long.
 *
 * Its global styles (reset, base, the tokens' CSS variables) are left out: index.html carries them,
 * built once by the build (web/build/global-css.ts, web/vite.config.ts), and `ChakraProvider` would
 * serialise, hash and insert them again at the first render.
 */
export function kalanSystem(): SystemContext {
  if (!system) {
    system = { ...createKalanSystem(), _global: [] };
    giveRecipes(system, lateRecipes);
  }
  return system;
}
