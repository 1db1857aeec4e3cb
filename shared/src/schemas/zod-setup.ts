import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; finding out whether it may means trying it once, and
// under our CSP (no 'unsafe-eval') that attempt is reported as a policy violation in every browser, although Zod
// catches it. The interpreted parsers are fast enough for our forms and page objects.
z.config({ jitless: true });
