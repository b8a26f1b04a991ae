/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The sign-in page's chunk, preloaded by index.html with the entry's own: it is where a visitor
 * (and anyone signed out, whatever the address) lands, and otherwise it would be asked for only
 * once the entry had downloaded and run. It is small (about 9 kB Brotli); its imports are the
 * entry's.
 */
function preloadSignInPage(): Plugin {
  return {
    name: 'hive-preload-sign-in-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) =>
            c.type === 'chunk' &&
            c.facadeModuleId?.endsWith('/src/features/accounts/routes/login.tsx'),
        );
        if (!chunk) throw new Error('no chunk for the sign-in page');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadSignInPage(),
    // The installable app: the manifest and the service worker (src/sw/sw.ts, built with
    // Workbox's precaching and routing). The app registers the worker itself (src/lib/offline.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Hive',
        short_name: 'Hive',
        description: 'Crew and freelancer bookings: your agenda, offers and changes.',
        start_url: '/agenda',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1971c2',
        lang: 'en-GB',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The grid pages' chunk (AG Grid) is about 1.2 MB; the shell precaches every chunk.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // Keep the browser's Host: the server's CSRF check compares Origin with Host.
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // AG Grid Community alone is ~1.1 MB minified (~300 kB gzip); it loads lazily with the grid pages only.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Fewer, larger scripts for a first load. Every module two lazy routes share would otherwise
      // be a chunk of its own (a Mantine component, a feature's rules): a signed-in page loaded
      // 70 to 90 small scripts over HTTP/1.1, most of them only once the entry had run. Rolldown
      // copies a shared chunk under 30 kB (source size, before minifying) into each chunk that
      // uses it instead; its runtime keeps one module state and one execution across the copies
      // (that needs strict execution order, which rolldown turns on, and no entry exports, which
      // the app has none of). Chunks holding styles stay files (Vite excludes them).
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 30_000 } } },
    },
  },
  test: {
    environment: 'happy-dom',
    // Pages that load a script from another product (DocuSeal's builder) would make happy-dom
    // print a NotSupportedError per load; it fires 'load' instead, and the tests drive what happens
    // next. This setting does not cover iframes: happy-dom 21 still logs one NotSupportedError for
    // the analytics embed (through the console it captured at start, which vi.spyOn does not
    // reach) and fires 'error'; the dashboard test checks the iframe's attributes only.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // One module graph per worker, shared by its test files, and a worker per core: importing
    // Mantine, AG Grid and the app afresh for each of 118 files took most of the run (372 s on
    // two cores, 60 s like this). src/test/setup.ts resets the module-level state after each
    // test; a test mocks through props, providers and fetch, never vi.mock.
    isolate: false,
    maxWorkers: '100%',
    css: false,
    restoreMocks: true,
    // Form tests type with user-event; on CI's two busy cores the default 5 s is too tight.
    testTimeout: 20000,
  },
});
