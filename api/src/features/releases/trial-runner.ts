import path from 'node:path';
import type { Story } from '@gota/shared/contracts';
import { loadBaseContent, loadContent, withStories, type Content } from '../content';
import { compiledApi, repoRoot, runsCompiled } from '../../env';
import { spawnRenderChild } from '../../render/render-child';
import type { TrialInput, TrialOutput, TrialRunner } from './preflight';

/** Precedes the trial's result on its standard output (anything else a library prints there is ignored). */
export const resultMark = 'resultado-del-ensayo:';

/** The trial render as this process runs: compiled beside the compiled server, or its source through tsx. */
const trialProgram = runsCompiled
  ? path.join(compiledApi, 'trial-render.mjs')
  : path.join(repoRoot, 'api/src/features/releases/trial-render.ts');
const trialNodeArgs = runsCompiled ? [] : ['--import', 'tsx'];

/**
 * The content a trial renders with: the content files, with the stories the site publishes now when the pre-flight
 * hands them over (`TrialInput.stories`, decision 049: the routes name the newest one, which only the database has).
 */
export function trialContent(stories: Story[] | undefined): Content {
  const contentDir = path.join(repoRoot, 'api/content');
  return stories ? withStories(loadBaseContent(contentDir), { stories, version: 'ensayo' }) : loadContent(contentDir);
}

export interface TrialInChildOptions {
  /** The whole trial's time budget: past it the process is killed and the release refused. */
  budgetMs?: number;
  /** The program to run (tests give one that hangs or fails); default the trial render. */
  program?: string;
  /** The repository root, the child's working folder (tsx is resolved from it). */
  cwd: string;
  /** One page's render time limit in the trial's renderer child: a render past it, twice, fails its page. */
  renderTimeoutMs?: number;
}

/**
 * Runs the trial render in a child process (`node --import tsx trial-render.ts`), isolated from live traffic: its app
 * renders through a renderer child of its own (the pool's program, permission model and limits), so the candidate's
 * code never runs in the serving process nor with the trial's files; the whole trial is killed past `budgetMs`.
 *
 * @example
 * const trial = trialInChild({ cwd: repoRoot })
 * const { routes, serverFiles } = await trial(input)
 */
export function trialInChild({
  budgetMs = 60_000,
  program = trialProgram,
  cwd,
  renderTimeoutMs,
}: TrialInChildOptions): TrialRunner {
  return (input: TrialInput) =>
    new Promise<TrialOutput>((resolve, reject) => {
      // nothing secret: the child makes an environment of its own (./trial-render.ts)
      const child = spawnRenderChild(program, cwd, trialNodeArgs);
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, budgetMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`no se pudo iniciar el ensayo: ${error.message}`));
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (timedOut) return reject(new Error(`el ensayo no terminó en ${budgetMs / 1000} s y se detuvo`));
        const line = stdout.split('\n').find((text) => text.startsWith(resultMark));
        if (code !== 0 || !line) {
          const last = stderr.trim().split('\n').at(-1) ?? '';
          return reject(new Error(`el ensayo falló${last ? `: ${last.slice(0, 300)}` : ` (código ${code})`}`));
        }
        resolve(JSON.parse(line.slice(resultMark.length)) as TrialOutput);
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(JSON.stringify(renderTimeoutMs ? { ...input, renderTimeoutMs } : input));
    });
}
