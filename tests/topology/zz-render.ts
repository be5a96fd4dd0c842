import { chromium } from '@playwright/test';
import { Agent, request } from 'undici';
import { startTopology } from './stack.ts';
const t = await startTopology(5900, { observability: true });
try {
  await t.observability!.prometheus.start();
  const movies = (await (await fetch(`${t.url}/bff/catalogue/movies`)).json()) as { movies: Array<{ slug: string }> };
  const paths = ['/', '/cartelera', `/viziona/pelicula/${movies.movies[0]!.slug}`, '/bff/catalogue/releases', '/bff/session', '/salas', '/mi-perfil', '/bff/settings'];
  const agent = new Agent({ connections: 16 });
  const end = Date.now() + 150_000;
  let n = 0;
  // A crowd with a quiet minute, then a rush, then every site stopped for 20 s.
  await Promise.all(Array.from({ length: 16 }, async (_, lane) => {
    while (Date.now() < end) {
      const left = end - Date.now();
      if (left > 110_000 && lane > 2) { await new Promise((r) => setTimeout(r, 200)); continue; }
      const p = paths[(n++) % paths.length]!;
      const url = lane === 0 && n % 7 === 0 ? `${p}?v=${n}` : p;
      try { const a = await request(`${t.url}${url}`, { dispatcher: agent, headers: { 'accept-encoding': 'gzip' } }); await a.body.arrayBuffer(); } catch {}
      if (left < 30_000 && left > 10_000 && lane === 0 && t.sites[0].child) { await Promise.all(t.sites.map((s) => s.stop('SIGKILL'))); }
    }
  }));
  await new Promise((r) => setTimeout(r, 3000));
  const exprs = [
    'sum by (cache) (rate(viziona_edge_requests_total[30s]))',
    'sum by (route) (rate(viziona_edge_requests_total[30s]))',
    'histogram_quantile(0.95, sum by (route, le) (rate(viziona_edge_upstream_seconds_bucket{route!="seat_stream"}[30s])))',
    'sum by (job) (up)',
  ];
  const q = exprs.map((e, i) => `g${i}.expr=${encodeURIComponent(e)}&g${i}.tab=0&g${i}.range_input=3m&g${i}.stacked=0`).join('&');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1400, height: 2200 } });
  await page.goto(`${t.observability!.url}/graph?${q}`, { waitUntil: 'networkidle' });
  await page.addStyleTag({ content: 'nav { position: static !important; }' });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/edge/prometheus-graph.png', fullPage: true });
  await browser.close();
  console.log('rendered');
} finally {
  await t.close();
}
