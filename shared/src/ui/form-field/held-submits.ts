import { heldSubmitsGlobal, liveFormProperty, type HeldSubmit } from '@gota/shared/contracts';

type PageGlobals = Partial<Record<typeof heldSubmitsGlobal, HeldSubmit[]>>;
type LiveForm = HTMLFormElement & Partial<Record<typeof liveFormProperty, boolean>>;

/**
 * Tells the document's inline script (api/src/pages/early-script.ts) that this form is hydrated: from now on its
 * submissions go to React. Returns whether a submission made before then is waiting.
 */
export function markFormLive(form: HTMLFormElement, target: Window = window): boolean {
  (form as LiveForm)[liveFormProperty] = true;
  return ((target as PageGlobals)[heldSubmitsGlobal] ?? []).some((held) => held.form === form);
}

/** Sends again, once, what the visitor submitted in this form before it was hydrated (the last submission counts). */
export function sendHeldSubmission(form: HTMLFormElement, target: Window = window): void {
  const globals = target as PageGlobals;
  const all = globals[heldSubmitsGlobal] ?? [];
  const mine = all.filter((held) => held.form === form);
  if (mine.length === 0) return;
  globals[heldSubmitsGlobal] = all.filter((held) => held.form !== form);
  const { submitter } = mine[mine.length - 1]!;
  const ownButton = (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === form;
  if (form.isConnected) form.requestSubmit(ownButton ? submitter : null);
}
