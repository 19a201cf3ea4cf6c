import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm run dev` forwards `/api` and `/config.json`: the local stack's router by default. */
const apiOrigin = process.env.KALAN_API_ORIGIN ?? 'http://localhost:3000';

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
    },
  },
  preview: { port: 4173 },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change less often than the app: their own long-cached chunk.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ }],
        },
      },
    },
  },
});
