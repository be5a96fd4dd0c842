import { describe, expect, it } from 'vitest';
import { countingLoader } from './counting-loader.ts';
import { createElement, Suspense } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { lazyPart } from '#site/components/lazy-part.ts';

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `Hola, ${name}`);
}

const loaderOf = (failures = 0) => countingLoader(() => Greeting, failures);

async function render(part: ReturnType<typeof lazyPart<{ name: string }>>): Promise<string> {
  const stream = await renderToReadableStream(
    createElement(Suspense, { fallback: 'cargando' }, createElement(part.Component, { name: 'Ana' })),
  );
  await stream.allReady;
  return new Response(stream).text();
}

describe('lazyPart (a piece of an island loaded when its step comes)', () => {
  it('loads nothing until it is preloaded or rendered, and then once', async () => {
    const loader = loaderOf();
    const part = lazyPart(loader.load);
    expect(loader.calls).toBe(0);
    part.preload();
    part.preload();
    expect(await render(part)).toContain('Hola, Ana');
    expect(await render(part)).toContain('Hola, Ana');
    expect(loader.calls).toBe(1);
  });

  it('tries the download again after a failed preload', async () => {
    const loader = loaderOf(1);
    const part = lazyPart(loader.load);
    // A failed preload is not an unhandled rejection, and is not remembered.
    part.preload();
    await expect.poll(() => loader.calls).toBe(1);
    expect(await render(part)).toContain('Hola, Ana');
    expect(loader.calls).toBe(2);
  });
});
