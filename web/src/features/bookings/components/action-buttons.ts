/**
 * The looks of the booking page's action buttons. Mantine's light and subtle variants hover to
 * colour 2 behind colour-9 text (3.8:1 red, 4.0:1 blue), under WCAG AA's 4.5:1 while the pointer
 * rests on the button just clicked; the default variant and an outline in shade 9 (5:1 hovered)
 * keep it.
 */
export const actionButton = {
  neutral: { size: 'xs', variant: 'default' },
  danger: { size: 'xs', variant: 'outline', color: 'red.9' },
} as const;
