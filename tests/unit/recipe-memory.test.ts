import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberRecipe, usualRecipe } from '#site/features/purchase/snacks/recipe-memory.ts';

/**
 * A combo's usual recipe (issue 38): the last one this browser chose, else the first option of
 * each group; whatever the browser's storage holds or refuses. The browser's `localStorage` is
 * stood in for by a plain store of strings (Node has none without a flag).
 */

const KEY = 'viziona:combo-recipes';
let stored = new Map<string, string>();
let refuse: 'read' | 'write' | null = null;
const storage = {
  getItem: (key: string) => {
    if (refuse === 'read') throw new DOMException('denied', 'SecurityError');
    return stored.get(key) ?? null;
  },
  setItem: (key: string, value: string) => {
    if (refuse === 'write') throw new DOMException('full', 'QuotaExceededError');
    stored.set(key, value);
  },
};

beforeEach(() => {
  stored = new Map();
  refuse = null;
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

const option = (code: string) => ({ code, name: code });
const nachos = {
  code: 'COMBO-NACHOS',
  groups: [{ code: 'BEB', name: 'Bebida', quantity: 1, options: [option('COLA'), option('AGUA'), option('TE')] }],
};
const pareja = {
  code: 'COMBO-PAREJA',
  groups: [
    { code: 'CRIS', name: 'Crispetas', quantity: 1, options: [option('SAL'), option('DULCE')] },
    { code: 'BEB-1', name: 'Primera bebida', quantity: 1, options: [option('COLA'), option('AGUA')] },
  ],
};

describe("a combo's usual recipe", () => {
  it('is the first option of each group until the person chooses, then the choice made last', () => {
    expect(usualRecipe(pareja)).toEqual({ choices: ['SAL', 'COLA'], remembered: false });
    rememberRecipe('COMBO-PAREJA', ['DULCE', 'AGUA']);
    rememberRecipe('COMBO-NACHOS', ['TE']);
    rememberRecipe('COMBO-PAREJA', ['DULCE', 'COLA']);
    expect(usualRecipe(pareja)).toEqual({ choices: ['DULCE', 'COLA'], remembered: true });
    expect(usualRecipe(nachos)).toEqual({ choices: ['TE'], remembered: true });
  });

  it('keeps an option still offered and replaces one no longer offered', () => {
    rememberRecipe('COMBO-PAREJA', ['DULCE', 'LIMONADA']);
    expect(usualRecipe(pareja)).toEqual({ choices: ['DULCE', 'COLA'], remembered: false });
    // A recipe of another shape (the combo changed) is not the usual one.
    rememberRecipe('COMBO-NACHOS', ['TE', 'AGUA']);
    expect(usualRecipe(nachos)).toEqual({ choices: ['TE'], remembered: false });
  });

  it('ignores whatever else the storage holds', () => {
    for (const value of [
      '{not json',
      'null',
      '"COMBO-NACHOS"',
      '{"COMBO-NACHOS":["TE"]}',
      '[["COMBO-NACHOS"]]',
      '[["COMBO-NACHOS",[1]]]',
      '[["COMBO-NACHOS","TE"]]',
      '[[7,["TE"]]]',
      '[["__proto__",["TE"]],["constructor",["TE"]]]',
    ]) {
      stored.set(KEY, value);
      expect(usualRecipe(nachos), value).toEqual({ choices: ['COLA'], remembered: false });
      expect(({} as Record<string, unknown>).length, value).toBeUndefined();
    }
    // And writes over it.
    rememberRecipe('COMBO-NACHOS', ['AGUA']);
    expect(usualRecipe(nachos).choices).toEqual(['AGUA']);
  });

  it('keeps the 20 combos chosen last', () => {
    for (let combo = 1; combo <= 25; combo += 1) rememberRecipe(`COMBO-${combo}`, ['X']);
    const kept = JSON.parse(stored.get(KEY) ?? '[]') as Array<[string, string[]]>;
    expect(kept.map(([code]) => code)).toEqual(Array.from({ length: 20 }, (_, index) => `COMBO-${index + 6}`));
  });

  it('offers the first options when the storage refuses to be read or written', () => {
    refuse = 'write';
    rememberRecipe('COMBO-NACHOS', ['TE']);
    expect(usualRecipe(nachos)).toEqual({ choices: ['COLA'], remembered: false });
    refuse = null;
    rememberRecipe('COMBO-NACHOS', ['TE']);
    refuse = 'read';
    expect(usualRecipe(nachos)).toEqual({ choices: ['COLA'], remembered: false });
  });

  it('leaves a group that offers nothing unchosen, so the spec\'s "Debes seleccionar la receta del combo" still guards it', () => {
    const empty = { code: 'COMBO-VACIO', groups: [{ code: 'G', name: 'Bebida', quantity: 1, options: [] }] };
    expect(usualRecipe(empty)).toEqual({ choices: [null], remembered: false });
  });
});
