import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The shop's green, darkened where it carries text or marks a control (docs/accessibility.md,
 * "Colour"): the filled shade (8) takes white text at 5.4:1 and stays 4.7:1 on the lightest tints;
 * shades 0–4 are the tints for backgrounds.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#3f9e50',
  '#2b8a3e',
  '#237a36',
  '#1f7a33',
  '#145523',
];

const PAGINATION_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Mantine's palettes with shades 7–9 darkened (same hue) until text in them reads at 4.5:1 on
 * white and on the colour's own light tints (light badges, alerts); shades 0–6 are Mantine's.
 */
const darkened: Record<string, MantineColorsTuple> = {
  red: [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    '#fa5252',
    '#bf3131',
    '#c52b2b',
    '#c42929',
  ],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#fd7e14',
    '#ac4804',
    '#b44509',
    '#ba3d0c',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#fab005',
    '#976200',
    '#9e5c00',
    '#a55500',
  ],
  blue: [
    '#e7f5ff',
    '#d0ebff',
    '#a5d8ff',
    '#74c0fc',
    '#4dabf7',
    '#339af0',
    '#228be6',
    '#1667af',
    '#1767b2',
    '#1864ab',
  ],
  teal: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    '#12b886',
    '#087a58',
    '#077a57',
    '#077957',
  ],
  grape: [
    '#f8f0fc',
    '#f3d9fa',
    '#eebefa',
    '#e599f7',
    '#da77f2',
    '#cc5de8',
    '#be4bdb',
    '#9535ac',
    '#9834b1',
    '#862e9c',
  ],
};

export const theme = createTheme({
  primaryColor: 'green',
  colors: { ...darkened, green },
  // Filled buttons, badges and the light variants' text take shade 8 of every colour: 4.5:1 or
  // better with white (and on the light tints) for green, red, blue, grape and teal.
  primaryShade: 8,
  // Yellow and orange fills get dark text instead of white.
  autoContrast: true,
  defaultRadius: 'md',
  // Names for Mantine's icon-only controls, wherever they are used. Plain objects, not
  // `Modal.extend(…)`: importing the components here would put them in every page's first load.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof PAGINATION_LABELS) => ({
          'aria-label': PAGINATION_LABELS[control],
        }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});

/** Secondary text ("dimmed") and error text dark enough for 4.5:1 on white and the light tints. */
export const cssVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

/**
 * For a Table.ScrollContainer: its scrolling viewport takes keyboard focus, so a keyboard user can
 * scroll a wide table with the arrow keys (WCAG 2.1.1).
 */
export const keyboardScrollable = { viewportProps: { tabIndex: 0 } };
