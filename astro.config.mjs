// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { serviceWorker } from './site/integrations/service-worker.ts';

/** Browser bundles get zod through site/lib/zod-jitless.ts (no `new Function`, which the CSP refuses). */
function zodWithoutEvalInBrowsers() {
  const wrapper = fileURLToPath(new URL('./site/lib/zod-jitless.ts', import.meta.url));
  return {
    name: 'viziona:zod-jitless',
    enforce: /** @type {const} */ ('pre'),
    /** @param {string} source @param {string | undefined} importer @param {{ ssr?: boolean } | undefined} options */
    resolveId(source, importer, options) {
      if (source !== 'zod' || options?.ssr || importer === wrapper) return null;
      return wrapper;
    },
  };
}

/**
 * The production server bundle carries its dependencies (react, zod, astro's runtime), so the
 * site image is `dist/` and sharp alone. Only for builds: the dev server keeps
 * Vite's usual externals.
 */
function selfContainedServerBuild() {
  return {
    name: 'viziona:self-contained-server',
    /** @param {unknown} _config @param {{ command: string }} env */
    config(_config, env) {
      // sharp is native code: the site image carries it in node_modules (docker/Dockerfile).
      return env.command === 'build' ? { ssr: { noExternal: true, external: ['sharp'] } } : {};
    },
  };
}

/**
 * The code a seat click runs (React's DOM runtime, the purchase screen) is compiled when it
 * loads, off the main thread, instead of on the first click: V8's explicit compile hint, a magic
 * comment on the first line of a file. Measured in `npm run bench:pages` (site/features/purchase/README.md).
 */
const EAGER_MODULES =
  /node_modules\/(react|react-dom|scheduler|nanostores|@nanostores\/react)\/|site\/features\/purchase\/(PurchaseFlow|PurchaseHeader|ClubBanner|stores|seat-map\/)/;
function compileClickPathEagerly() {
  return {
    name: 'viziona:compile-click-path-eagerly',
    enforce: /** @type {const} */ ('post'),
    /** @param {{ name: string }} environment */
    applyToEnvironment(environment) {
      return environment.name === 'client';
    },
    // After minification, which would drop the comment.
    /** @param {unknown} _options @param {Record<string, { type: string; code?: string; moduleIds?: string[] }>} bundle */
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.moduleIds?.some((id) => EAGER_MODULES.test(id)))
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

/**
 * Every file a page loads is compressed on its own, so thirty small modules cost more than the
 * same code in a few files. Groups whose members are loaded together anyway: React and Astro's
 * React renderer (every island page), what every page loads, what the layout's header adds, and
 * what every form island loads. A module listed here but not loaded by every page of its
 * group makes those pages load it too: `npm run bench:pages` shows each page's JavaScript
 * (site/decisions/fewer-script-files.md).
 */
const EVERY_ISLAND = /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;
// What every page loads, the waiting page included (it has no header), and what the header adds.
const EVERY_PAGE = /site[\\/]lib[\\/](bff-browser|routes)\.ts$|vite[\\/]preload-helper/;
const HEADER =
  /site[\\/](lib[\\/](offline-tickets|arrival-note)|features[\\/]account[\\/](stores|texts)|components[\\/](feedback-stores|feedback-loader|load-once))\.ts$/;
const EVERY_FORM =
  /site[\\/]components[\\/](Field|Button|EmailInput|LineIcon|Form|lazy-resolver|use-hydrated|button-classes)\.tsx?$/;
function fewerScriptFiles() {
  return {
    name: 'viziona:fewer-script-files',
    /** @param {string} name */
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'react', test: EVERY_ISLAND, priority: 3 },
                  { name: 'every-page', test: EVERY_PAGE, priority: 2 },
                  { name: 'header', test: HEADER, priority: 2 },
                  { name: 'form-kit', test: EVERY_FORM, priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}

const bffUrl = process.env.BFF_URL ?? `http://127.0.0.1:${process.env.BFF_PORT ?? 4300}`;

export default defineConfig({
  // The public origin of absolute URLs (canonical, og:url, JSON-LD, sitemap); SITE_ORIGIN at
  // run time takes precedence (site/lib/server-env.ts). Never taken from a request header.
  site: process.env.SITE_ORIGIN ?? `http://localhost:${process.env.PORT ?? 4321}`,
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), serviceWorker()],
  // Sessions are the BFF's sealed cookie; Astro's own session store is not used.
  session: undefined,
  // Content Security Policy: Astro hashes every script and style it emits and sends the
  // policy as a header on rendered pages. Decisions: site/README.md ("Content Security Policy").
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        // Posters, banners and rooms come from the cinema API's image host: the site's
        // middleware adds the origins of IMAGE_ORIGINS at run time, and no other host.
        "img-src 'self' data:",
        // The trailer, only once a person presses play.
        'frame-src https://www.youtube-nocookie.com',
        "connect-src 'self'",
        // The captcha's proof-of-work worker and the service worker (/sw.js) are our own files.
        "worker-src 'self'",
        // The web manifest (/manifest.webmanifest): installing the site.
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        // Violations are logged by the BFF (bff/operations/csp-reports.ts), without full URLs.
        'report-uri /bff/csp-reports',
      ],
    },
  },
  // No code blocks are rendered; Shiki's inline styles would need the CSP relaxed.
  markdown: { syntaxHighlight: false },
  // The cinema API's photos, resized and re-encoded at run time by Astro's sharp service behind
  // our own gate (site/lib/image-endpoint.ts: widths, formats, IMAGE_ORIGINS, bounds);
  // decisions in site/decisions/image-path.md. Quality: AVIF 50 (sharp's default), JPEG 75.
  image: {
    service: {
      entrypoint: 'astro/assets/services/sharp',
      config: { limitInputPixels: 40_000_000, avif: { quality: 50, effort: 3 }, jpeg: { quality: 75, mozjpeg: true } },
    },
    endpoint: { route: '/_image', entrypoint: './site/lib/image-endpoint.ts' },
  },
  server: { port: Number(process.env.PORT ?? 4321), host: '127.0.0.1' },
  vite: {
    plugins: [
      tailwindcss(),
      zodWithoutEvalInBrowsers(),
      selfContainedServerBuild(),
      compileClickPathEagerly(),
      fewerScriptFiles(),
    ],
    // Pre-bundled so the dev server does not answer 504 on their first load.
    optimizeDeps: { include: ['altcha/external', 'altcha/i18n/es-419'] },
    server: { proxy: { '/bff': { target: bffUrl, changeOrigin: false } } },
  },
});
