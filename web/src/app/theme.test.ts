import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { POSITIVE_COLOUR } from '@/ui/colours';
import { cssVariablesResolver, theme } from './theme';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('light and subtle variants', () => {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const vars = cssVariablesResolver(full).light;
  const shadeOf = (ref: string) => {
    const m = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(ref);
    if (!m) throw new Error(`not a shade: ${ref}`);
    return full.colors[m[1]!]![Number(m[2])]!;
  };

  // The colours the app gives light or subtle buttons: the primary colour and red.
  it.each(['blue', 'red'])('%s keeps its text at 4.5:1 at rest and on hover', (name) => {
    const text = full.colors[name]![9]!;
    for (const state of ['light', 'light-hover']) {
      const background = shadeOf(vars[`--mantine-color-${name}-${state}`]!);
      expect(contrast(text, background), `${name} ${state}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('filled positive buttons', () => {
  it('keep white text at 4.5:1', () => {
    const full = mergeMantineTheme(DEFAULT_THEME, theme);
    const [name, shade] = POSITIVE_COLOUR.split('.');
    expect(contrast('#ffffff', full.colors[name!]![Number(shade)]!)).toBeGreaterThanOrEqual(4.5);
  });
});
