import type { MantineColorsTuple } from '@mantine/core';

// Mantine's palettes (but dark) with the shades that carry text (6 to 9) darkened to TEXT_SHADE_CONTRAST
// against white: readablePalette(DEFAULT_THEME.colors[name]) in ./theme.ts, written out so that the
// first page does not compute them (darkening in small steps took ~15 ms of a phone's start-up).
// theme.test.ts checks that they are still what readablePalette makes of Mantine's palettes.
export const READABLE_COLORS: Record<string, MantineColorsTuple> = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#656d75', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#d80606', '#c50f0f', '#af1a1a', '#9b2020'],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#d01d5b', '#b92559', '#a82050', '#991c47'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#ad29cf', '#9a32b4', '#89309f', '#7c2b90'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#7449f1', '#693fe7', '#5f36d7', '#5737b5'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#365cf4', '#2d52e9', '#2749d3', '#2f45af'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#156ebb', '#1665ab', '#145999', '#14528c'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#0f7786', '#0b6d7c', '#096271', '#085866'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0c7958', '#086f50', '#066447', '#065b41'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#297b38', '#237030', '#1e652b', '#1c5b29'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#4d7712', '#456d0d', '#3b6209', '#385908'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#8e6403', '#875800', '#824c00', '#7b4000'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#af5001', '#a54505', '#983a08', '#8f2f0a'],
};
