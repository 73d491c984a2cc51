-- 090: reminders by SMS and WhatsApp are sent (issue 18, "reminders where customers read them").
--
-- Until now every SMS and WhatsApp reminder was written `skipped` / unsupported_channel when it was
-- scheduled. From here the worker sends them through the configured provider (Twilio, the WhatsApp
-- Business Cloud API; server/notifications/phone.ts), and decides only when one is due whether this
-- server has that provider (without it: `skipped` / unsupported_channel then). The reminders of that
-- kind still ahead are pending again, so that a business's existing appointments are reminded too; the
-- worker renders each from the appointment as it is then (a customer without a phone: no_recipient).
-- No new outbox kind: they are `reminder` rows on the channels the outbox always allowed.
UPDATE outbox
   SET status = 'pending', last_error = NULL, next_attempt_at = due_at, attempts = 0
 WHERE kind = 'reminder' AND status = 'skipped' AND last_error = 'unsupported_channel'
   AND channel IN ('REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP')
   AND due_at > now() AND starts_at > now();
