// Moved to src/entities/team-member/colors.ts (the calendar draws members in these colours too, issue 19).
export { MEMBER_SWATCHES, memberColor } from '~/entities/team-member/colors';
