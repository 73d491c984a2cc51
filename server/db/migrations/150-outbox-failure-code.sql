-- 150: why an outbox message failed, as a code the API answers (issue 18, "the server says what became
-- of each reminder": AppointmentReminder.status and failureReason).
--
-- `last_error` keeps the provider's own words (for the logs and support); a failed row did not record
-- whether the provider refused the message itself (an HTTP 4xx, failed at once) or could not be reached
-- until the attempts ran out. `failure_code` says which, written by the worker with the failure
-- (server/notifications/worker.ts): provider_rejected | provider_unavailable. Null on rows that did not
-- fail. Rows that failed before this migration are classified from their message (the phone providers
-- write "twilio 4xx…"/"whatsapp 4xx…" for a refusal, server/notifications/phone.ts).
ALTER TABLE outbox ADD COLUMN failure_code text CHECK (failure_code IN ('provider_rejected', 'provider_unavailable'));

UPDATE outbox
   SET failure_code = CASE WHEN last_error ~ '^(twilio|whatsapp) 4[0-9][0-9]' AND last_error !~ '^(twilio|whatsapp) (408|429)'
                           THEN 'provider_rejected' ELSE 'provider_unavailable' END
 WHERE status = 'failed' OR (status = 'pending' AND attempts > 0 AND last_error IS NOT NULL);
