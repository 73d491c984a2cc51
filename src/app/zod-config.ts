import { z } from 'zod';

// Imported first by each entry (main.tsx, logout.ts), before any schema parses. zod 4 compiles object
// parsers with `new Function` and probes for it first; under the server's Content Security Policy
// (script-src without 'unsafe-eval') that probe is reported as a violation on every page load, even
// though zod catches it. Without JIT zod parses with its interpreter: same results, no eval.
z.config({ jitless: true });
