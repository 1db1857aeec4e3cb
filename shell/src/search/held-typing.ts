/**
 * What the visitor types between pressing the search button (or `/`) and the dialog's field taking the focus: the
 * dialog's code loads on demand (decision 020), and a visitor who starts typing at once would lose the first letters
 * (issue #34). The keys are held here and handed to the field when it gets the focus.
 */
let held = '';
let holding = false;
let giveUp: ReturnType<typeof setTimeout> | undefined;

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.key.length === 1) held += event.key;
  else if (event.key === 'Backspace') held = held.slice(0, -1);
  else return;
  // nothing else on the page reacts to these keys meanwhile (a focused button, the `/` shortcut)
  event.preventDefault();
}

/** Starts holding the keys typed from now on; stops by itself after 10 s (a dialog that never came). */
export function holdTyping(): void {
  held = '';
  if (!holding) document.addEventListener('keydown', onKeyDown, true);
  holding = true;
  clearTimeout(giveUp);
  giveUp = setTimeout(releaseTyping, 10_000);
}

/** Stops holding keys and returns what was typed meanwhile ('' when nothing was held). */
export function releaseTyping(): string {
  if (holding) document.removeEventListener('keydown', onKeyDown, true);
  holding = false;
  clearTimeout(giveUp);
  const typed = held;
  held = '';
  return typed;
}
