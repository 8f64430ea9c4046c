/** The 0–255 channels of a `#rgb` / `#rrggbb` colour; null for anything else. */
function rgbOf(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex =
    (m[1] as string).length === 3 ? [...(m[1] as string)].map((c) => c + c).join('') : (m[1] as string);
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x) of a `#rgb` / `#rrggbb` colour, 0 (black) to 1 (white); null for anything else. */
export function luminance(color: string): number | null {
  const rgb = rgbOf(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two luminances (1 to 21). */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The text colour for a solid background `bg` (a tag in a judge status, difficulty or admin-chosen colour,
 * issue 28): white when white reaches WCAG AA for small text (4.5:1), black otherwise (black always reaches it
 * where white does not). `undefined` for a colour that is not hex (antd's preset names keep antd's colours).
 */
export function readableTextOn(bg: string | null | undefined): '#fff' | '#000' | undefined {
  const l = bg ? luminance(bg) : null;
  if (l == null) return undefined;
  return contrastRatio(l, 1) >= 4.5 ? '#fff' : '#000';
}

/** Page surfaces per theme (`--oj-bg-container` in app/global.css) that coloured text is read against. */
export const SURFACE = { light: '#ffffff', dark: '#141414' } as const;

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A hex colour as text on `surface` (a theme's page surface, `SURFACE`): the colour itself when it reaches WCAG AA
 * for small text (4.5:1), else the same hue mixed toward black (light surface) or white (dark surface), in 5 %
 * steps, until it does. A verdict or contest status colour written as text (the submission's verdict banner, the
 * countdown) keeps its meaning and becomes readable. Anything that is not hex is returned as it is.
 */
export function readableColor(color: string, surface: string): string {
  const bg = luminance(surface);
  const rgb = rgbOf(color);
  if (bg == null || !rgb) return color;
  const target = bg > 0.5 ? 0 : 255;
  for (let step = 0; step <= 20; step++) {
    const k = step / 20;
    const mixed = toHex(rgb.map((c) => c + (target - c) * k) as [number, number, number]);
    if (contrastRatio(luminance(mixed) as number, bg) >= 4.5) return mixed;
  }
  return target === 0 ? '#000000' : '#ffffff';
}
