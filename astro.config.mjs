// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const bffUrl = process.env.BFF_URL ?? `http://127.0.0.1:${process.env.BFF_PORT ?? 4300}`;

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Sessions are the BFF's sealed cookie; Astro's own session store is not used.
  session: undefined,
  image: { service: { entrypoint: 'astro/assets/services/noop' } },
  server: { port: Number(process.env.PORT ?? 4321), host: '127.0.0.1' },
  vite: {
    plugins: [tailwindcss()],
    // Pre-bundled so the dev server does not answer 504 on their first load.
    optimizeDeps: { include: ['altcha/external', 'altcha/i18n/es-419'] },
    server: { proxy: { '/bff': { target: bffUrl, changeOrigin: false } } },
  },
});
