import type { Locator, Page } from '@playwright/test';

/**
 * Does every dialog open inside the screen? A dialog (`<dialog>` or popover) fits when its box
 * lies within the viewport (0..width, 0..height) and each of its controls can be reached:
 * inside the screen, or inside a box of the dialog that scrolls (whose ✕ stays in view when
 * it is scrolled to the end). Measured against the
 * context's viewport, not the page's layout width, so a page that widened a phone's layout
 * (and pushed its dialogs off to one side) fails.
 */

declare global {
  interface Window {
    /** Why an open dialog does not fit, or null. Installed by `watchDialogs`. */
    __vzDialogMisfit?: (dialog: Element) => string | null;
    __vzReportDialogMisfit?: (text: string) => Promise<void>;
  }
}

export interface DialogWatch {
  /** One line per dialog that opened (or grew) outside the screen, for any page loaded since. */
  readonly misfits: string[];
}

/**
 * Checks every dialog and popover the page opens, on every document it loads, when it opens
 * and whenever its size changes. Call once per page, before navigating.
 */
export async function watchDialogs(page: Page): Promise<DialogWatch> {
  const misfits: string[] = [];
  const screen = page.viewportSize();
  if (!screen) throw new Error('watchDialogs needs a fixed viewport');
  await page.exposeFunction('__vzReportDialogMisfit', (text: string) => {
    if (!misfits.includes(text)) misfits.push(text);
  });
  await page.addInitScript((bounds: { width: number; height: number }) => {
    const outside = (box: DOMRect): boolean =>
      box.left < -1 || box.top < -1 || box.right > bounds.width + 1 || box.bottom > bounds.height + 1;
    const where = (box: DOMRect): string =>
      `x ${Math.round(box.left)}..${Math.round(box.right)}, y ${Math.round(box.top)}..${Math.round(box.bottom)}`;
    const nameOf = (element: Element): string => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const label =
        element.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null);
      return (label ?? element.textContent ?? element.tagName).trim().replace(/\s+/g, ' ').slice(0, 60);
    };
    /** Between the control and the dialog, a box that scrolls vertically and has more to show. */
    const scrollsWithin = (control: Element, dialog: Element): boolean => {
      for (let box = control.parentElement; box && box !== dialog.parentElement; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (/auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight) return true;
      }
      return false;
    };
    const misfit = (dialog: Element): string | null => {
      const box = dialog.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return null;
      const name = nameOf(dialog);
      if (outside(box)) return `'${name}' lies at ${where(box)}, outside the ${bounds.width} × ${bounds.height} screen`;
      for (const control of dialog.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')) {
        const controlBox = control.getBoundingClientRect();
        if (controlBox.width === 0 || controlBox.height === 0 || scrollsWithin(control, dialog)) continue;
        if (outside(controlBox))
          return `'${name}': its control '${nameOf(control)}' lies at ${where(controlBox)}, out of reach`;
      }
      return closeScrolledAway(dialog, name, box);
    };
    /** A dialog that scrolls keeps its ✕ ('Cerrar') in view at the end of its content too. */
    const closeScrolledAway = (dialog: Element, name: string, box: DOMRect): string | null => {
      const close = [...dialog.querySelectorAll('button')].find((button) => nameOf(button) === 'Cerrar');
      if (!close) return null;
      for (const scroller of dialog.querySelectorAll<HTMLElement>('*')) {
        if (!/auto|scroll/.test(getComputedStyle(scroller).overflowY) || scroller.scrollHeight <= scroller.clientHeight)
          continue;
        const before = scroller.scrollTop;
        scroller.scrollTop = scroller.scrollHeight;
        const closeBox = close.getBoundingClientRect();
        scroller.scrollTop = before;
        if (closeBox.top < box.top - 1 || closeBox.bottom > box.bottom + 1) {
          return `'${name}': its 'Cerrar' button scrolls out of view (at y ${Math.round(closeBox.top)} when scrolled to the end)`;
        }
      }
      return null;
    };
    window.__vzDialogMisfit = misfit;

    const isOpen = (element: Element): boolean =>
      (element instanceof HTMLDialogElement && element.open) ||
      (element.hasAttribute('popover') && element.matches(':popover-open'));
    // After the next frame the dialog's content has been laid out.
    const check = (element: Element): void => {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (!isOpen(element)) return;
          const text = misfit(element);
          if (text) void window.__vzReportDialogMisfit?.(`${location.pathname}: ${text}`);
        }),
      );
    };
    const resized = new ResizeObserver((entries) => {
      for (const entry of entries) check(entry.target);
    });
    const opened = (element: Element): void => {
      check(element);
      resized.observe(element);
    };
    new MutationObserver((records) => {
      for (const record of records)
        if (record.target instanceof HTMLDialogElement && record.target.open) opened(record.target);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] });
    document.addEventListener(
      'toggle',
      (event) => {
        if ((event as ToggleEvent).newState === 'open' && event.target instanceof Element) opened(event.target);
      },
      true,
    );
  }, screen);
  return { misfits };
}

/** Why this open dialog does not fit the screen now, or null (needs `watchDialogs`). */
export function misfitOf(dialog: Locator): Promise<string | null> {
  return dialog.evaluate((element) =>
    window.__vzDialogMisfit ? window.__vzDialogMisfit(element) : 'the dialog check is not installed',
  );
}

/** The dialogs and popovers open now, in document order. */
export function openDialogs(page: Page): Locator {
  return page.locator('dialog[open], [popover]:popover-open');
}
