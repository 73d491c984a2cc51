import type { ReactNode } from 'react';

/**
 * A country's flag as a small inline SVG (20×14), never an emoji: Windows and Linux without an emoji
 * font show regional-indicator letters or empty boxes instead. The flags of the countries people
 * here mostly dial are drawn (simplified, a few hundred bytes in all); any other country gets a
 * neutral chip with its ISO code, which reads the same on every system.
 */

type Spec =
  | { h: string[]; weights?: number[] }
  | { v: string[]; weights?: number[] }
  | { cross: [background: string, cross: string, inner?: string] }
  | { draw: () => ReactNode };

const W = 30;
const H = 20;

const RED = '#d52b1e';
const WHITE = '#ffffff';
const GREEN = '#009246';
const YELLOW = '#ffcd00';
const BLACK = '#000000';

const FLAGS: Readonly<Record<string, Spec>> = {
  ES: { h: ['#aa151b', '#f1bf00', '#aa151b'], weights: [1, 2, 1] },
  FR: { v: ['#002395', WHITE, '#ed2939'] },
  IT: { v: [GREEN, WHITE, '#ce2b37'] },
  DE: { h: [BLACK, '#dd0000', '#ffce00'] },
  PT: { v: ['#006600', '#ff0000'], weights: [2, 3] },
  IE: { v: ['#169b62', WHITE, '#ff883e'] },
  BE: { v: [BLACK, '#fae042', '#ed2939'] },
  NL: { h: ['#ae1c28', WHITE, '#21468b'] },
  AT: { h: ['#ed2939', WHITE, '#ed2939'] },
  LU: { h: ['#ed2939', WHITE, '#00a1de'] },
  PL: { h: [WHITE, '#dc143c'] },
  UA: { h: ['#0057b7', '#ffd700'] },
  RU: { h: [WHITE, '#0039a6', '#d52b1e'] },
  RO: { v: ['#002b7f', '#fcd116', '#ce1126'] },
  HU: { h: ['#ce2939', WHITE, '#477050'] },
  BG: { h: [WHITE, '#00966e', '#d62612'] },
  EE: { h: ['#0072ce', BLACK, WHITE] },
  LT: { h: ['#fdb913', '#006a44', '#c1272d'] },
  LV: { h: ['#9e3039', WHITE, '#9e3039'], weights: [2, 1, 2] },
  SE: { cross: ['#006aa7', '#fecc00'] },
  FI: { cross: [WHITE, '#002f6c'] },
  DK: { cross: ['#c8102e', WHITE] },
  NO: { cross: ['#ba0c2f', WHITE, '#00205b'] },
  IS: { cross: ['#02529c', WHITE, '#dc1e35'] },
  MX: { v: ['#006847', WHITE, '#ce1126'] },
  AR: { h: ['#74acdf', WHITE, '#74acdf'] },
  CO: { h: [YELLOW, '#003893', '#ce1126'], weights: [2, 1, 1] },
  EC: { h: [YELLOW, '#034ea2', '#ed1c24'], weights: [2, 1, 1] },
  VE: { h: ['#ffcc00', '#00247d', '#cf142b'] },
  PE: { v: ['#d91023', WHITE, '#d91023'] },
  BO: { h: ['#d52b1e', '#f9e300', '#007934'] },
  NG: { v: ['#008751', WHITE, '#008751'] },
  IN: { h: ['#ff9933', WHITE, '#138808'] },
  CA: { v: ['#ff0000', WHITE, '#ff0000'], weights: [1, 2, 1] },
  MA: { h: ['#c1272d'] },
  CN: { h: ['#de2910'] },
  JP: {
    draw: () => (
      <>
        <rect width={W} height={H} fill={WHITE} />
        <circle cx={W / 2} cy={H / 2} r={6} fill="#bc002d" />
      </>
    ),
  },
  CH: {
    draw: () => (
      <>
        <rect width={W} height={H} fill={RED} />
        <rect x={13} y={4} width={4} height={12} fill={WHITE} />
        <rect x={9} y={8} width={12} height={4} fill={WHITE} />
      </>
    ),
  },
  US: {
    draw: () => (
      <>
        <rect width={W} height={H} fill={WHITE} />
        {Array.from({ length: 7 }, (_, i) => (
          <rect key={i} y={(i * H * 2) / 13} width={W} height={H / 13} fill="#b22234" />
        ))}
        <rect width={12} height={(H * 7) / 13} fill="#3c3b6e" />
      </>
    ),
  },
  GB: {
    draw: () => (
      <>
        <rect width={W} height={H} fill="#012169" />
        <path d={`M0 0L${W} ${H}M${W} 0L0 ${H}`} stroke={WHITE} strokeWidth={4} />
        <path d={`M0 0L${W} ${H}M${W} 0L0 ${H}`} stroke="#c8102e" strokeWidth={1.5} />
        <path d={`M${W / 2} 0V${H}M0 ${H / 2}H${W}`} stroke={WHITE} strokeWidth={6} />
        <path d={`M${W / 2} 0V${H}M0 ${H / 2}H${W}`} stroke="#c8102e" strokeWidth={3.5} />
      </>
    ),
  },
  CL: {
    draw: () => (
      <>
        <rect width={W} height={H / 2} fill={WHITE} />
        <rect y={H / 2} width={W} height={H / 2} fill="#d52b1e" />
        <rect width={10} height={H / 2} fill="#0039a6" />
      </>
    ),
  },
  BR: {
    draw: () => (
      <>
        <rect width={W} height={H} fill={GREEN} />
        <path d={`M${W / 2} 2L${W - 3} ${H / 2}L${W / 2} ${H - 2}L3 ${H / 2}Z`} fill="#ffdf00" />
        <circle cx={W / 2} cy={H / 2} r={4.5} fill="#002776" />
      </>
    ),
  },
  GR: {
    draw: () => (
      <>
        {Array.from({ length: 9 }, (_, i) => (
          <rect key={i} y={(i * H) / 9} width={W} height={H / 9} fill={i % 2 === 0 ? '#0d5eaf' : WHITE} />
        ))}
        <rect width={(H * 5) / 9} height={(H * 5) / 9} fill="#0d5eaf" />
        <rect x={((H * 5) / 9 - 2) / 2} width={2} height={(H * 5) / 9} fill={WHITE} />
        <rect y={((H * 5) / 9 - 2) / 2} width={(H * 5) / 9} height={2} fill={WHITE} />
      </>
    ),
  },
};

function stripes(colors: string[], weights: number[] | undefined, vertical: boolean): ReactNode {
  const parts = weights ?? colors.map(() => 1);
  const total = parts.reduce((sum, part) => sum + part, 0);
  let offset = 0;
  return colors.map((color, index) => {
    const size = ((vertical ? W : H) * parts[index]!) / total;
    const rect = vertical ? (
      <rect key={index} x={offset} width={size + 0.1} height={H} fill={color} />
    ) : (
      <rect key={index} y={offset} width={W} height={size + 0.1} fill={color} />
    );
    offset += size;
    return rect;
  });
}

function body(code: string): ReactNode {
  const spec = FLAGS[code];
  if (!spec) {
    return (
      <>
        <rect width={W} height={H} fill="#e9ecef" />
        <text x={W / 2} y={H / 2 + 4.5} textAnchor="middle" fontSize={12} fontFamily="system-ui, sans-serif" fontWeight={600} fill="#495057">
          {code}
        </text>
      </>
    );
  }
  if ('draw' in spec) return spec.draw();
  if ('h' in spec) return stripes(spec.h, spec.weights, false);
  if ('v' in spec) return stripes(spec.v, spec.weights, true);
  const [background, cross, inner] = spec.cross;
  return (
    <>
      <rect width={W} height={H} fill={background} />
      <rect x={8} width={6} height={H} fill={cross} />
      <rect y={7} width={W} height={6} fill={cross} />
      {inner ? (
        <>
          <rect x={9.5} width={3} height={H} fill={inner} />
          <rect y={8.5} width={W} height={3} fill={inner} />
        </>
      ) : null}
    </>
  );
}

/** The flag of `code` (ISO 3166-1 alpha-2), decorative: the country's name is always written beside it. */
export function CountryFlag({ code, width = 20 }: { code: string; width?: number }) {
  const upper = code.toUpperCase();
  return (
    <svg
      width={width}
      height={(width * H) / W}
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      focusable="false"
      data-flag={upper}
      style={{ flexShrink: 0, borderRadius: 2, boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.15)', display: 'block' }}
    >
      {body(upper)}
    </svg>
  );
}

/** The countries drawn as real flags (the rest show their code). */
export const DRAWN_FLAGS: readonly string[] = Object.keys(FLAGS);
