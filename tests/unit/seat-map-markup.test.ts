import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { buildSeatMap } from '#shared/booking/seat-map.ts';
import type { LayoutPosition, RoomStatusRow } from '#shared/cinema-api/booking.ts';
import type { SeatMap } from '#shared/views/booking.ts';
import {
  packBookingView,
  packSeatMap,
  unpackBookingView,
  unpackSeatMap,
} from '#site/features/purchase/seat-map/packed-seat-map.ts';
import { seatGridHtml, seatGridShape } from '#site/features/purchase/seat-map/seat-grid-html.ts';
import { firstTabStop } from '#site/features/purchase/seat-map/seat-labels.ts';
import { room } from './seat-rooms.ts';
import { OWASP_CHEAT_SHEET } from './xss-vectors.ts';

/**
 * The seat map as the purchase page hands it to its island (packed) and writes it (HTML that
 * React never re-renders; site/features/purchase/seat-map/): packing loses nothing, and the
 * markup says every seat's state in its name and attributes and carries nothing an API text
 * could turn into markup.
 */

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const elements = (node: Node): Element[] => {
  const own = 'tagName' in node ? [node] : [];
  const children = 'childNodes' in node ? node.childNodes.flatMap(elements) : [];
  return [...own, ...children];
};
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const textOf = (node: Node): string =>
  'value' in node ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';

/** Sala 1 of the sandbox: 13 rows of 20 seats, aisles after 4 and 16, General A to H, two wheelchair spaces in M. */
function salaUno(): SeatMap {
  const layout: LayoutPosition[] = [];
  const status: RoomStatusRow[] = [];
  for (let row = 1; row <= 13; row += 1) {
    const letter = String.fromCharCode(64 + row);
    let column = 0;
    const seats: RoomStatusRow['DescripcionSilla'] = [];
    for (let seat = 1; seat <= 20; seat += 1) {
      column += 1;
      const disabled = row === 13 && seat <= 2;
      const type = disabled ? 'Discapacitado' : 'Normal';
      const zone = row <= 8 ? 'General' : 'Preferencial';
      layout.push({
        ColumnaRelativa: seat,
        ColumnaTotal: column,
        FilaRelativa: letter,
        FilaTotal: row,
        TipoSilla: type,
        TipoZona: zone,
      });
      seats.push({ Columna: column, EstadoSilla: seat % 7 === 0 ? 'O' : 'S', TipoSilla: type });
      if (seat === 4 || seat === 16) {
        column += 1;
        layout.push({
          ColumnaRelativa: 0,
          ColumnaTotal: column,
          FilaRelativa: letter,
          FilaTotal: row,
          TipoSilla: 'pasillo',
          TipoZona: '',
        });
      }
    }
    status.push({ filRel: letter, filTot: row, DescripcionSilla: seats });
  }
  return buildSeatMap(layout, status);
}

describe('the packed seat map', () => {
  it('gives back the very map it packed: every state, zone, number, column and row letter', () => {
    const maps = [
      salaUno(),
      room('aa_mo_da', 'P|ooa_aaa', '___', 'V|a'),
      // A seat whose own row letter differs from its row's (the API names seats, the grid places them).
      {
        columns: 3,
        rows: [
          {
            label: 'A',
            index: 1,
            cells: [
              {
                kind: 'seat' as const,
                id: 'A-1',
                row: 'A',
                number: 1,
                column: 1,
                zone: 'General',
                state: 'available' as const,
              },
              { kind: 'aisle' as const, column: 2 },
              {
                kind: 'seat' as const,
                id: 'AA-9',
                row: 'AA',
                number: 9,
                column: 3,
                zone: 'VIP',
                state: 'mine' as const,
              },
            ],
          },
        ],
      },
    ];
    for (const map of maps) expect(unpackSeatMap(JSON.parse(JSON.stringify(packSeatMap(map))))).toEqual(map);
  });

  it('a column missing from a row comes back as the empty cell it looks like', () => {
    const map: SeatMap = {
      columns: 3,
      rows: [
        {
          label: 'A',
          index: 1,
          cells: [{ kind: 'seat', id: 'A-1', row: 'A', number: 1, column: 3, zone: 'General', state: 'available' }],
        },
      ],
    };
    expect(unpackSeatMap(packSeatMap(map)).rows[0]?.cells).toEqual([
      { kind: 'aisle', column: 1 },
      { kind: 'aisle', column: 2 },
      { kind: 'seat', id: 'A-1', row: 'A', number: 1, column: 3, zone: 'General', state: 'available' },
    ]);
  });

  it('costs a few bytes a seat where an object per seat cost about a hundred, and the rest of the view is untouched', () => {
    const map = salaUno();
    const view = { showtime: { id: 4 }, seatMap: map, zones: [] } as unknown as Parameters<typeof packBookingView>[0];
    const packed = JSON.stringify(packBookingView(view).seatMap);
    expect(packed.length / 260).toBeLessThan(8);
    expect(JSON.stringify(map).length / 260).toBeGreaterThan(80);
    expect(unpackBookingView(packBookingView(view))).toEqual(view);
  });
});

describe('the seat grid markup', () => {
  const map = salaUno();
  const html = seatGridHtml({
    map,
    zone: 'General',
    selected: new Set(['B-5']),
    interactive: true,
    tabStop: firstTabStop(map, 'General'),
  });
  const parsed = elements(parseFragment(`<div role="grid">${html}</div>`));
  const seats = parsed.filter((element) => element.tagName === 'button');

  it('names every seat with its row, number and state, and marks it pressed or unavailable', () => {
    expect(seats).toHaveLength(260);
    const seat = (id: string) => seats.find((button) => attribute(button, 'data-seat') === id);
    const expectations: Array<[string, string, string, string, string]> = [
      ['A-1', 'Fila A, silla 1, disponible', 'available', 'false', 'false'],
      ['B-5', 'Fila B, silla 5, seleccionada', 'selected', 'true', 'false'],
      ['A-7', 'Fila A, silla 7, ocupada', 'occupied', 'false', 'true'],
      ['J-1', 'Fila J, silla 1, de otra ubicación, no disponible', 'other-zone', 'false', 'true'],
      ['M-1', 'Fila M, silla 1, para personas con discapacidad, no disponible en línea', 'disabled', 'false', 'true'],
    ];
    for (const [id, name, look, pressed, disabled] of expectations) {
      const button = seat(id);
      expect(button && attribute(button, 'aria-label'), id).toBe(name);
      expect(button && attribute(button, 'data-look'), id).toBe(look);
      expect(button && attribute(button, 'aria-pressed'), id).toBe(pressed);
      expect(button && attribute(button, 'aria-disabled'), id).toBe(disabled);
    }
    // What shows on the seat: its number, a cross when taken, the wheelchair sign on a space.
    expect(textOf(seat('A-1') as Node)).toBe('1');
    expect(textOf(seat('A-7') as Node)).toBe('✕');
    expect(textOf(seat('M-1') as Node)).toBe('♿');
  });

  it('has one Tab stop, rows with their letter at both ends, and cells for the aisles', () => {
    expect(
      seats.filter((button) => attribute(button, 'tabindex') === '0').map((button) => attribute(button, 'data-seat')),
    ).toEqual(['A-1']);
    const rows = parsed.filter((element) => attribute(element, 'role') === 'row');
    expect(rows).toHaveLength(13);
    expect(attribute(rows[0] as Element, 'aria-label')).toBe('Fila A');
    expect(
      parsed.filter((element) => attribute(element, 'role') === 'rowheader').map((element) => textOf(element)),
    ).toHaveLength(13);
    expect(parsed.filter((element) => attribute(element, 'role') === 'gridcell')).toHaveLength(13 * 22);
  });

  it('turns no text of the cinema API into markup', () => {
    for (const vector of OWASP_CHEAT_SHEET) {
      const hostile = room('aa');
      const row = hostile.rows[0];
      if (!row) throw new Error('no row');
      row.label = vector.markup;
      row.cells = row.cells.map((cell) =>
        cell.kind === 'seat' ? { ...cell, row: vector.markup, id: `${vector.markup}-${cell.number}` } : cell,
      );
      const markup = seatGridHtml({
        map: hostile,
        zone: 'General',
        selected: new Set(),
        interactive: true,
        tabStop: null,
      });
      const found = elements(parseFragment(markup)).map((element) => element.tagName);
      expect(new Set(found), vector.label).toEqual(new Set(['div', 'span', 'button']));
      expect(
        found.filter((tag) => tag === 'button'),
        vector.label,
      ).toHaveLength(2);
    }
  });

  it('is written again only when the room changes shape, not when a seat changes state', () => {
    const taken = {
      ...map,
      rows: map.rows.map((row, index) =>
        index === 0
          ? {
              ...row,
              cells: row.cells.map((cell) => (cell.kind === 'seat' ? { ...cell, state: 'occupied' as const } : cell)),
            }
          : row,
      ),
    };
    expect(seatGridShape(taken)).toBe(seatGridShape(map));
    expect(seatGridShape(room('aa_a'))).not.toBe(seatGridShape(room('aaa_')));
  });
});
