/**
 * Chakra's global styles, built by the build (issue 34): the reset, the page's base and the theme's
 * ~900 CSS variables. `ChakraProvider` would otherwise build them in the browser on every start —
 * ~38 KB of CSS serialised, hashed and parsed by emotion before the first paint, ~60 ms of a
 * mid-range phone's main thread in one piece. Here the same system (web/src/app/theme.ts) and the
 * same steps as emotion's `<Global>` (serialise the style objects, then stylis with the prefixer)
 * run once; index.html carries the result in a `<style>` (~6 KB gzip, web/vite.config.ts). The
 * rules were compared one by one in Chromium with those emotion inserted (identical, 244);
 * tests/e2e/auth-and-shell.test.ts checks that they are in force, once.
 */
import { serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import { defineConfig } from '@chakra-ui/react';
import { globalCss, keyframes } from '@chakra-ui/react/theme';
import { createKalanSystem } from '../src/app/theme';

export function kalanGlobalCss(): string {
  // The reset, Chakra's base styles and keyframes: here only, the browser's system leaves them out.
  const system = createKalanSystem(defineConfig({ preflight: true, globalCss, theme: { keyframes } }));
  // The layers' order first (`@layer reset, base, tokens, recipes;`): the components' styles,
  // inserted by emotion at run time in `@layer recipes`, come after the tokens.
  const { styles } = serializeStyles([system.layers.atRule, system._global], undefined, {});
  return serialize(compile(styles), middleware([prefixer, stringify]));
}
