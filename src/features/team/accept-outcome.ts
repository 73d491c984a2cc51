import { asProblem } from '~/lib/api-problem';

/** Why accepting an invitation failed, each with its own page; null: a failure a retry may fix. */
export type AcceptRefusal = 'wrong-account' | 'unverified' | 'expired' | 'revoked' | 'used';

export function acceptRefusal(error: unknown): AcceptRefusal | null {
  const problem = asProblem(error);
  if (!problem) return null;
  if (problem.status === 404) return 'wrong-account';
  if (problem.status === 403) return 'unverified';
  if (problem.status !== 422) return null;
  const code = problem.errors?.[0]?.code ?? problem.code;
  if (code === 'invitation_expired') return 'expired';
  if (code === 'invitation_used') return 'used';
  return 'revoked';
}

/** The invitation was sent to another address than the signed-in one (the link names it). */
export function isOtherAccount(invited: string | undefined, current: string | null | undefined): boolean {
  return Boolean(invited && current && invited.trim().toLowerCase() !== current.trim().toLowerCase());
}
