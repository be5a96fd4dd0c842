/** The bare page the seat click is measured beside. */

/**
 * The floor under the seat click: a page of as many plain buttons as the room has seats, laid
 * out like the map (35 px cells, 30 px seats, rows of {@link BARE_ROW_SEATS}), whose one listener
 * flips the pressed seat's state and colour. No framework, no stylesheet but its own, nothing
 * else on the page: what a tap costs this machine and this browser at 4× CPU before our code
 * adds anything. It answers the benchmark as the purchase page does (`data-purchase-ready`,
 * seats as `button[data-seat]` with `aria-pressed` and `aria-disabled`).
 */
const BARE_ROW_SEATS = 18;
export function barePage(seats: number): string {
  const rows = Array.from({ length: Math.ceil(seats / BARE_ROW_SEATS) }, (_, row) => {
    const count = Math.min(BARE_ROW_SEATS, seats - row * BARE_ROW_SEATS);
    const label = String.fromCharCode(65 + row);
    const buttons = Array.from({ length: count }, (_, seat) => `<span><button type="button" data-seat="${label}-${seat + 1}" aria-pressed="false" aria-disabled="false">${seat + 1}</button></span>`).join('');
    return `<div>${buttons}</div>`;
  }).join('');
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bare seats</title>
<style>body{margin:0;font:12px sans-serif}main{overflow-x:auto;padding:160px 8px}div{display:flex;width:max-content;margin:0 auto}span{display:flex;width:35px;justify-content:center;padding:2px 0}
button{width:30px;height:30px;border:2px solid #2a9d55;border-radius:8px 8px 2px 2px;background:#1e1e24;color:#eee;font-size:11px}button[aria-pressed=true]{background:#e5383b;border-color:#e5383b;color:#fff}</style></head>
<body data-purchase-ready><main role="grid">${rows}</main><script>document.querySelector('main').addEventListener('click',(event)=>{const seat=event.target.closest('button');if(seat)seat.setAttribute('aria-pressed',String(seat.getAttribute('aria-pressed')!=='true'))})</script></body></html>`;
}
/** BENCH_CLICK_BARE=0 leaves the bare page out. */
export const CLICK_BARE = process.env.BENCH_CLICK_BARE !== '0';
