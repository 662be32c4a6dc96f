/**
 * Measures, at the press of the consent step's button, what the visitor could see of the
 * disclosure (src/shared/consent/visibility.ts says what each fact means). Read from the live
 * page: the box and font size as the browser laid them out, the colours as computed (through a
 * 1x1 canvas, so any CSS colour syntax becomes sRGB), the first opaque background behind the text.
 */
import { CONSENT_VISIBLE_ATTR, contrastRatio, type VisibilityReport } from '../../../shared/consent/visibility';

type Rgba = [number, number, number, number];

let canvas: CanvasRenderingContext2D | null | undefined;

/** A computed CSS colour as sRGB channels and alpha (0-255), or null when the browser gives none. */
function rgbaOf(color: string): Rgba | null {
  canvas ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!canvas) return null;
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = '#000';
  canvas.fillStyle = color;
  canvas.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a];
}

/** The first ancestor background that is not transparent; the page's white when none is. */
function backgroundOf(el: Element): [number, number, number] {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const rgba = rgbaOf(getComputedStyle(node).backgroundColor);
    if (rgba && rgba[3] > 0) return [rgba[0], rgba[1], rgba[2]];
  }
  return [255, 255, 255];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The report of the visible disclosure in `form`, or null when the step has none (not a consent step). */
export function measureConsentVisibility(
  form: HTMLFormElement | null,
  input: { pressed: HTMLElement | null; shownAt: number; fullTextOpened: boolean },
): VisibilityReport | null {
  const el = form?.querySelector<HTMLElement>(`[${CONSENT_VISIBLE_ATTR}]`);
  if (!el) return null;
  const box = el.getBoundingClientRect();
  const button = (input.pressed ?? form?.querySelector<HTMLElement>('.form-actions .btn'))?.getBoundingClientRect();
  const style = getComputedStyle(el);
  const fg = rgbaOf(style.color);
  return {
    box: { top: round(box.top), left: round(box.left), width: round(box.width), height: round(box.height) },
    gapToButton: button ? round(button.top - box.bottom) : 0,
    fontSizePx: round(parseFloat(style.fontSize) || 0),
    contrastRatio: fg ? round(contrastRatio([fg[0], fg[1], fg[2]], backgroundOf(el))) : 0,
    fullTextOpened: input.fullTextOpened,
    timeOnStepMs: Math.max(0, Math.round(performance.now() - input.shownAt)),
    buttonLabel: (input.pressed?.textContent ?? '').trim().slice(0, 200),
    viewport: { width: window.innerWidth, height: window.innerHeight },
  };
}
