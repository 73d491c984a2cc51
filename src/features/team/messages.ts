import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { InvitationStatus, TeamRole, UserStatus } from '@generated/types.gen';

const teamDefinitions = defineMessages({
  title: { id: 'team.title', defaultMessage: 'Team' },
  intro: { id: 'team.intro', defaultMessage: 'The people who work in your business, their roles and who is still to join.' },
  invite: { id: 'team.invite', defaultMessage: 'Invite people' },
  membersLabel: { id: 'team.members.label', defaultMessage: 'Team members' },
  member: { id: 'team.members.member', defaultMessage: 'Member' },
  role: { id: 'team.members.role', defaultMessage: 'Role' },
  status: { id: 'team.members.status', defaultMessage: 'Status' },
  bookable: { id: 'team.members.bookable', defaultMessage: 'Bookable online' },
  bookableOf: { id: 'team.members.bookableOf', defaultMessage: 'Customers can book {name} online' },
  colour: { id: 'team.members.colour', defaultMessage: 'Colour' },
  colourOf: { id: 'team.members.colourOf', defaultMessage: 'Colour of {name}' },
  roleOf: { id: 'team.members.roleOf', defaultMessage: 'Role of {name}' },
  actions: { id: 'team.members.actions', defaultMessage: 'Actions' },
  schedule: { id: 'team.members.schedule', defaultMessage: 'Working hours and time off' },
  remove: { id: 'team.members.remove', defaultMessage: 'Remove' },
  removeOf: { id: 'team.members.removeOf', defaultMessage: 'Remove {name} from the team' },
  you: { id: 'team.members.you', defaultMessage: '(you)' },
  invitationsTitle: { id: 'team.invitations.title', defaultMessage: 'Invitations' },
  invitationsLabel: { id: 'team.invitations.label', defaultMessage: 'Invitations not yet accepted' },
  email: { id: 'team.invitations.email', defaultMessage: 'E-mail' },
  expires: { id: 'team.invitations.expires', defaultMessage: 'Expires' },
  resend: { id: 'team.invitations.resend', defaultMessage: 'Send again' },
  resendOf: { id: 'team.invitations.resendOf', defaultMessage: 'Send again the invitation to {email}' },
  resent: { id: 'team.invitations.resent', defaultMessage: 'Invitation sent again to {email}' },
  revoke: { id: 'team.invitations.revoke', defaultMessage: 'Withdraw' },
  revokeOf: { id: 'team.invitations.revokeOf', defaultMessage: 'Withdraw the invitation of {email}' },
  revokeConfirm: { id: 'team.invitations.revokeConfirm', defaultMessage: 'Withdraw the invitation of {email}? Its link stops working.' },
  revoked: { id: 'team.invitations.revoked', defaultMessage: 'Invitation withdrawn' },
  noInvitations: { id: 'team.invitations.none', defaultMessage: 'No invitations waiting for an answer.' },
  emptyTitle: { id: 'team.empty.title', defaultMessage: 'Only you so far' },
  emptyDescription: { id: 'team.empty.description', defaultMessage: 'Invite the people who work with you: each gets an e-mail with a link to join.' },
  saved: { id: 'team.saved', defaultMessage: 'Saved' },
  roleChanged: { id: 'team.roleChanged', defaultMessage: '{name} is now {role}' },
  stale: { id: 'team.stale', defaultMessage: 'Someone else changed this member in the meantime. The list has been reloaded; try again.' },
  forbidden: { id: 'team.forbidden', defaultMessage: 'Only the owner or an administrator of the business can manage the team.' },
  ownerOnly: { id: 'team.ownerOnly', defaultMessage: 'Only the owner can change roles and remove people.' },
  cancel: { id: 'team.cancel', defaultMessage: 'Cancel' },
  // Removal
  removeTitle: { id: 'team.remove.title', defaultMessage: 'Remove {name}?' },
  removeIntro: { id: 'team.remove.intro', defaultMessage: '{name} will no longer be able to open this business. Their account stays, and their past appointments keep their history.' },
  removeAhead: { id: 'team.remove.ahead', defaultMessage: 'Their appointments from now on' },
  removeKeep: { id: 'team.remove.keep', defaultMessage: 'Keep them as they are (shown as a former member’s)' },
  removeReassign: { id: 'team.remove.reassign', defaultMessage: 'Give them to another member' },
  removeTo: { id: 'team.remove.to', defaultMessage: 'Who takes them' },
  removeConfirm: { id: 'team.remove.confirm', defaultMessage: 'Remove from the team' },
  removed: { id: 'team.remove.done', defaultMessage: '{name} was removed from the team' },
  removeBusy: { id: 'team.remove.busy', defaultMessage: 'That member already has appointments at some of those times. Choose someone else, or keep the appointments.' },
  // Invite page
  inviteTitle: { id: 'team.inviteForm.title', defaultMessage: 'Invite people' },
  inviteBack: { id: 'team.inviteForm.back', defaultMessage: '← Team' },
  inviteEmails: { id: 'team.inviteForm.emails', defaultMessage: 'E-mail addresses' },
  inviteEmailsHint: { id: 'team.inviteForm.emailsHint', defaultMessage: 'Type an address and press Enter or a comma; up to 50 at once.' },
  inviteRole: { id: 'team.inviteForm.role', defaultMessage: 'Role' },
  inviteLanguage: { id: 'team.inviteForm.language', defaultMessage: 'Language of the e-mail' },
  inviteLanguageHint: { id: 'team.inviteForm.languageHint', defaultMessage: 'People who already have a Cita account get it in their own language.' },
  inviteSubmit: { id: 'team.inviteForm.submit', defaultMessage: 'Send invitations' },
  inviteSent: { id: 'team.inviteForm.sent', defaultMessage: '{count, plural, one {Invitation sent} other {# invitations sent}}' },
  inviteNoEmails: { id: 'team.inviteForm.noEmails', defaultMessage: 'Add at least one e-mail address.' },
  inviteBadEmail: { id: 'team.inviteForm.badEmail', defaultMessage: 'These are not e-mail addresses: {list}' },
  inviteAlreadyMember: { id: 'team.inviteForm.alreadyMember', defaultMessage: 'Some of these people are already in the team.' },
  inviteTooMany: { id: 'team.inviteForm.tooMany', defaultMessage: 'At most 50 addresses at once.' },
});

export const roleMessages: Record<TeamRole, MessageDescriptor> = defineMessages({
  TEAM_ROLE_OWNER: { id: 'team.role.owner', defaultMessage: 'Owner' },
  TEAM_ROLE_ADMIN: { id: 'team.role.admin', defaultMessage: 'Administrator' },
  TEAM_ROLE_MEMBER: { id: 'team.role.member', defaultMessage: 'Member' },
  TEAM_ROLE_UNSPECIFIED: { id: 'team.role.unspecified', defaultMessage: 'No role' },
});

export const memberStatusMessages: Record<UserStatus, MessageDescriptor> = defineMessages({
  USER_STATUS_ACTIVE: { id: 'team.status.active', defaultMessage: 'Active' },
  USER_STATUS_NEW: { id: 'team.status.new', defaultMessage: 'Active' },
  USER_STATUS_SUSPENDED: { id: 'team.status.suspended', defaultMessage: 'Suspended' },
  USER_STATUS_DELETED: { id: 'team.status.deleted', defaultMessage: 'Account deleted' },
  USER_STATUS_UNSPECIFIED: { id: 'team.status.unspecified', defaultMessage: 'Unknown' },
});

export const invitationStatusMessages: Record<InvitationStatus, MessageDescriptor> = defineMessages({
  INVITATION_STATUS_PENDING: { id: 'team.invitationStatus.pending', defaultMessage: 'Invited' },
  INVITATION_STATUS_EXPIRED: { id: 'team.invitationStatus.expired', defaultMessage: 'Invitation expired' },
  INVITATION_STATUS_ACCEPTED: { id: 'team.invitationStatus.accepted', defaultMessage: 'Joined' },
  INVITATION_STATUS_REVOKED: { id: 'team.invitationStatus.revoked', defaultMessage: 'Withdrawn' },
  INVITATION_STATUS_UNSPECIFIED: { id: 'team.invitationStatus.unspecified', defaultMessage: 'Unknown' },
});

const acceptDefinitions = defineMessages({
  joining: { id: 'team.accept.joining', defaultMessage: 'Joining the business…' },
  wrongAccountTitle: { id: 'team.accept.wrongAccount.title', defaultMessage: 'This invitation is for another account' },
  wrongAccountText: {
    id: 'team.accept.wrongAccount.text',
    defaultMessage: 'The invitation was sent to {invited}, but you are signed in as {current}. Sign out, then open the link again and sign in or register with {invited}.',
  },
  wrongAccountUnknown: { id: 'team.accept.wrongAccount.unknown', defaultMessage: 'No invitation for {current} has this link. Sign out and open the link again with the address the invitation was sent to.' },
  signOut: { id: 'team.accept.signOut', defaultMessage: 'Sign out' },
  expiredTitle: { id: 'team.accept.expired.title', defaultMessage: 'This invitation has expired' },
  expiredText: { id: 'team.accept.expired.text', defaultMessage: 'Invitations are valid for 7 days. Ask the business to send it again.' },
  revokedTitle: { id: 'team.accept.revoked.title', defaultMessage: 'This invitation was withdrawn' },
  revokedText: { id: 'team.accept.revoked.text', defaultMessage: 'The business withdrew this invitation. If you think this is a mistake, ask them to invite you again.' },
  usedTitle: { id: 'team.accept.used.title', defaultMessage: 'This invitation was already used' },
  usedText: { id: 'team.accept.used.text', defaultMessage: 'An invitation can be accepted once. Ask the business to invite you again if you need to.' },
  unverifiedTitle: { id: 'team.accept.unverified.title', defaultMessage: 'Confirm your e-mail address first' },
  unverifiedText: { id: 'team.accept.unverified.text', defaultMessage: 'Only a confirmed address can join a business. Confirm {current} with the link we sent you, then open the invitation again.' },
  home: { id: 'team.accept.home', defaultMessage: 'Go to the home page' },
});

// Typed as plain descriptors: their values ({name}, {count}…) are passed where they are formatted.
export const teamMessages: Record<keyof typeof teamDefinitions, MessageDescriptor> = teamDefinitions;
export const acceptMessages: Record<keyof typeof acceptDefinitions, MessageDescriptor> = acceptDefinitions;
