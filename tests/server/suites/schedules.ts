export function schedulesSuite(_server: unknown) {}
