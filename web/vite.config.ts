import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { kalanGlobalCss } from './build/global-css';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm run dev` forwards `/api` and `/config.json`: the local stack's router by default. */
const apiOrigin = process.env.KALAN_API_ORIGIN ?? 'http://localhost:3000';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file of the build, once, so that the local server sends them as they are (sirv's `brotli` and
 * `gzip` options) instead of compressing on each request. CloudFront compresses by itself: the
 * cloud deployment leaves these files out (infra/lib/web.ts).
 */
/** The build's output folder, as resolved (`--outDir` included): the worker's file list reads its index.html. */
let buildOutDir = '';

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kalan-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = buildOutDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            promisify(gzip)(content, { level: 9 }),
          ]);
          // A tiny file can grow when compressed: then it is sent as it is.
          await Promise.all([
            br.length < content.length ? writeFile(`${file}.br`, br) : undefined,
            gz.length < content.length ? writeFile(`${file}.gz`, gz) : undefined,
          ]);
        }),
      );
    },
  };
}

/** Where Chakra's `createSystem` builds the global styles, eagerly, as the build finds it. */
const CHAKRA_SYSTEM = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * Chakra's global styles (reset, base, the theme's CSS variables) built once, here, instead of in
 * every browser at every start (build/global-css.ts):
 * - index.html carries them in a `<style>` (~6 KB gzip): a stylesheet of its own would be one more
 *   request before the first paint, and a pre-rendered tutor's page (functions/src/pages) painted
 *   its text 0.9 s later on Lighthouse's slow 4G waiting for it;
 * - the browser's `createSystem` no longer builds them: more than half of its time (~250 ms of a
 *   mid-range phone's main thread, in the app's longest task) went to the variables' CSS, which
 *   `ChakraProvider` then serialised, hashed and inserted again. If a Chakra update changes that
 *   line, the build stops here rather than ship the styles twice (or none).
 */
function chakraGlobalCss(): Plugin {
  return {
    name: 'kalan-chakra-global-css',
    transformIndexHtml: () => [{ tag: 'style', attrs: { 'data-kalan': 'global' }, children: kalanGlobalCss(), injectTo: 'head' }],
    transform: {
      filter: { id: CHAKRA_SYSTEM },
      handler(code, id) {
        if (!CHAKRA_SYSTEM.test(id)) return undefined;
        if (!code.includes(EAGER_GLOBAL)) {
          throw new Error(`${id} : « ${EAGER_GLOBAL} » introuvable — Chakra a changé, revoir chakraGlobalCss (web/vite.config.ts)`);
        }
        return { code: code.replace(EAGER_GLOBAL, 'const _global = [];'), map: null };
      },
    },
  };
}

/** Chakra's recipes, one module each (the package exports them only through its theme's barrel). */
const chakraRecipes = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist', 'esm', 'theme', 'recipes');
const CHAKRA_THEME_BARREL = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/;
const LATE_COMPONENTS = path.join(webRoot, 'src', 'components', 'chakra');

/** The recipes that web/src/components/chakra gives the theme when their components arrive. */
async function lateRecipeModules(): Promise<Set<string>> {
  const modules = new Set<string>();
  for (const file of await readdir(LATE_COMPONENTS)) {
    const code = await readFile(path.join(LATE_COMPONENTS, file), 'utf8');
    for (const [, name] of code.matchAll(/'@chakra-ui\/react\/theme\/recipes\/([a-z-]+)'/g)) modules.add(name!);
  }
  return modules;
}

/**
 * The recipes of the components no first screen draws come with those components
 * (web/src/components/chakra, `addRecipes` in app/theme.ts), ~5 KB gzip out of the entry. They
 * import them from their modules (the alias below); Chakra's theme barrel, which the entry imports
 * for the other recipes and the tokens, also re-exports them, and rolldown counts a module a barrel
 * re-exports as the barrel's own import even when no one takes it from there: the entry carried them
 * all. The build drops those re-exports from the barrel, and the two objects that gather every
 * recipe for `defaultConfig` (which Kalan does not use); importing one of them from the barrel then
 * fails the build, and so does a barrel that no longer reads as expected.
 */
function chakraLateRecipes(): Plugin {
  let late: Set<string>;
  return {
    name: 'kalan-chakra-late-recipes',
    async buildStart() {
      late = await lateRecipeModules();
    },
    transform: {
      filter: { id: CHAKRA_THEME_BARREL },
      handler(code, id) {
        if (!CHAKRA_THEME_BARREL.test(id)) return undefined;
        let dropped = 0;
        const kept = code.replace(/^export \{ \w+ \} from '\.\/recipes\/([a-z-]+)\.js';\n/gm, (line, name: string) => {
          if (!late.has(name)) return line;
          dropped += 1;
          return '';
        });
        if (dropped !== late.size) {
          throw new Error(`${id} : ${dropped} recettes retirées sur ${late.size} — Chakra a changé, revoir chakraLateRecipes (web/vite.config.ts)`);
        }
        // `defaultThemeConfig` gathers every recipe (recipes.js, slot-recipes.js): without them.
        const withoutAggregates = [
          ["import { recipes } from './recipes.js';\n", ''],
          ["import { slotRecipes } from './slot-recipes.js';\n", ''],
          ['    recipes,\n    slotRecipes,\n', ''],
          ['keyframes, layerStyles, recipes, semanticTokens, slotRecipes, textStyles', 'keyframes, layerStyles, semanticTokens, textStyles'],
        ].reduce((text, [from, to]) => {
          if (!text.includes(from!)) throw new Error(`${id} : « ${from!.trim()} » introuvable — Chakra a changé, revoir chakraLateRecipes (web/vite.config.ts)`);
          return text.replace(from!, to!);
        }, kept);
        return { code: withoutAggregates, map: null };
      },
    },
  };
}

/** The screens a visitor opens from a shared link (issue 17): a search, a tutor's page. */
const VISITOR_SCREENS = /[\\/]src[\\/]app[\\/]routes[\\/](search|tutor-profile)\.tsx$/;

/** The modules of the visitor's screens that the entry does not import (kalanVisitorScreens fills it). */
const visitorScreensModules = new Set<string>();

/**
 * A visitor's screen comes as ONE file besides the entry and React (`visitor-*.js`), instead of ~40
 * small ones, found only once the entry ran: over HTTP/1.1 (the local stack) each took its turn on
 * one of the page's six connections, a round trip each (150 ms on Lighthouse's slow 4G, more on a
 * phone's network in Abidjan); over CloudFront's HTTP/2 they share a connection but each still
 * pays its request and compresses worse alone. Same bytes, 4 files instead of 41 (`npm run bench
 * -- web`); the search's first screen ~0.6 s sooner on Lighthouse's slow 4G. Once the module graph
 * is known, this lists what the search and a tutor's page import (statically, transitively) that
 * the entry does not; the `visitor` group below makes it one chunk, with what those modules need
 * (rolldown's default). The sign-in page uses some of the same components and takes them from
 * that file too.
 */
function kalanVisitorScreens(): Plugin {
  return {
    name: 'kalan-visitor-screens',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const reachable = (roots: string[]) => {
        const seen = new Set<string>();
        const pending = [...roots];
        while (pending.length) {
          const id = pending.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const initial = reachable(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      visitorScreensModules.clear();
      for (const id of reachable(ids.filter((id) => VISITOR_SCREENS.test(id)))) {
        if (!initial.has(id)) visitorScreensModules.add(id);
      }
      if (visitorScreensModules.size === 0) this.error("Les écrans d'un visiteur (recherche, page de répétiteur) sont introuvables : revoir VISITOR_SCREENS");
    },
  };
}

export default defineConfig({
  root: webRoot,
  // `#shared` (package.json subpath import) lives outside web/.
  server: {
    port: 5173,
    strictPort: true,
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/config.json': { target: apiOrigin, changeOrigin: true },
      // The messages' socket (issue 31): the router's /ws, upgraded through the proxy.
      '/ws': { target: apiOrigin, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      // One of Chakra's recipes, from its own module (web/src/components/chakra; chakraLateRecipes says why).
      { find: /^@chakra-ui\/react\/theme\/recipes\/([a-z-]+)$/, replacement: `${chakraRecipes}/$1.js` },
    ],
  },
  plugins: [
    react(),
    chakraGlobalCss(),
    chakraLateRecipes(),
    kalanVisitorScreens(),
    // The installable app (issue 34): the manifest, and the service worker built from src/sw.ts
    // with the build's file list (injectManifest: the offline copies need code of our own).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // A new version waits for 'Mettre à jour' or the next visit (lib/pwa/service-worker.ts registers it).
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Kalan',
        short_name: 'Kalan',
        description: "Trouvez, réservez et payez des répétiteurs vérifiés en Côte d'Ivoire, paiement sécurisé.",
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // The brand orange of the theme (app/theme.ts) and the page's white.
        theme_color: '#c2410c',
        background_color: '#ffffff',
        categories: ['education'],
        icons: [
          { src: '/icons/kalan-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/kalan-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/kalan-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/*.png'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Precached: the shell, i.e. index.html and the files it names, and the icons. The other
        // chunks (the screens, the console, the charts: ~1.9 MB) are kept by the worker as they are
        // used: a first visit on a weak network, or a prepaid data plan, pays for nothing unseen.
        manifestTransforms: [
          async (entries) => {
            const shell = await readFile(path.join(buildOutDir, 'index.html'), 'utf8');
            const named = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
            return { manifest: entries.filter((entry) => entry.url === 'index.html' || entry.url.startsWith('icons/') || named.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change less often than the app: their own long-cached chunk.
          groups: [
            { name: 'react', priority: 2, test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // Everything the entry imports statically is loaded on every page anyway: one chunk
            // instead of the ~15 small ones rolldown cuts by which lazy screens share them (each a
            // request, and a round trip on an HTTP/1.1 connection, before the first paint).
            { name: 'app', priority: 1, tags: ['$initial'] },
            // A visitor's screens, in one file (kalanVisitorScreens above).
            { name: 'visitor', priority: 0, test: (id) => visitorScreensModules.has(id) },
          ],
        },
      },
    },
  },
});
