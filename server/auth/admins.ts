// Platform administrators: the e-mails listed in CITA_ADMIN_EMAILS (comma-separated).
// Only trust an e-mail the identity provider reports as verified (`emailVerified`): anyone can sign
// up with password under someone else's address.

export function parseAdminEmails(value: string | undefined): ReadonlySet<string> {
  const emails = new Set<string>();
  for (const entry of (value ?? '').split(',')) {
    const email = entry.trim().toLowerCase();
    if (!email) continue;
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`CITA_ADMIN_EMAILS: "${entry.trim()}" is not an e-mail address.`);
    emails.add(email);
  }
  return emails;
}

export function isAdminEmail(admins: ReadonlySet<string>, email: string | null | undefined): boolean {
  return typeof email === 'string' && admins.has(email.trim().toLowerCase());
}
