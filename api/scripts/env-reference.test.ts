import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/env';
import { envVariables, referencePath, regenerateCommand, renderEnvReference } from './env-reference';

// docs/operations/configuration.md is generated from the environment's schema (decision 053): it cannot say what the
// schema does not.
describe('the configuration reference', () => {
  it('is what the generator writes from the schema', () => {
    const committed = readFileSync(path.join(repoRoot, referencePath), 'utf8');
    expect(
      committed === renderEnvReference(),
      `${referencePath} is out of date: run \`${regenerateCommand}\` and commit it`,
    ).toBe(true);
  });

  it('describes every variable in a comment above it', () => {
    const undocumented = envVariables()
      .filter((variable) => variable.description === '')
      .map((variable) => `${variable.name} (${variable.file})`);
    expect(undocumented, 'write a /** … */ comment above each of these variables, then run the generator').toEqual([]);
  });

  it('never prints a secret as a default', () => {
    const secret = envVariables().find((variable) => variable.name === 'SESSION_SECRET');
    expect(secret?.defaultText).not.toMatch(/gota-a-gota-dev-secret/);
  });
});
