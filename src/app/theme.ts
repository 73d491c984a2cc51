import { createTheme } from '@mantine/core';

// SPEC §9: the primary theme colour defaults to green; the colour mode is kept locally
// (Mantine's default colour-scheme manager stores it in localStorage).
export const theme = createTheme({
  primaryColor: 'green',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
