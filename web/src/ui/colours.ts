/**
 * The colour of filled "positive" buttons (Available). White on Mantine's green is below 4.5:1
 * at every shade; teal 9 is 5.0:1 (app/theme.test.ts checks).
 */
export const POSITIVE_COLOUR = 'teal.9';
