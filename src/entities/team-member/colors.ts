/** The calendar colours offered for team members; one is picked by position when a member has none. */
export const MEMBER_SWATCHES = ['#2f9e44', '#1c7ed6', '#e8590c', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#5f3dc4'] as const;

export function memberColor(color: string | undefined, index: number): string {
  return color ?? MEMBER_SWATCHES[index % MEMBER_SWATCHES.length]!;
}
