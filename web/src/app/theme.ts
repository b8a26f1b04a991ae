import { createTheme, Loader, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';

/**
 * Colours chosen for WCAG AA contrast (4.5:1) on white: filled colours use shade 8,
 * dimmed text gray 7, errors red 9.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // People who ask their system for less motion get no transitions (and the browser tests,
  // which ask for it too, never click into a half-open panel).
  respectReducedMotion: true,
  components: {
    // Every dialog's close button has a name for screen readers (axe: button-name).
    // A spinner is a live status, so its aria-label is announced (and allowed: axe aria-prohibited-attr).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine's gray 6 description text is below 4.5:1 on white.
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    }),
  },
});

/**
 * Light and subtle buttons (and light alerts) write shade 9 on the light background. Mantine's
 * shades 1 (rest) and 2 (hover) leave blue at 4.0:1 and red at 3.8:1 on hover; shades 0 and 1
 * keep every state at 4.5:1 or more for the colours we use them with (theme.test.ts checks).
 */
function lightBackgrounds(t: Parameters<CSSVariablesResolver>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(t.colors)) {
    out[`--mantine-color-${name}-light`] = `var(--mantine-color-${name}-0)`;
    out[`--mantine-color-${name}-light-hover`] = `var(--mantine-color-${name}-1)`;
  }
  return out;
}

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--mantine-color-placeholder': t.colors.gray[6] ?? '#868e96',
    ...lightBackgrounds(t),
  },
  dark: {},
});
