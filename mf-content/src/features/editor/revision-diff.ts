import { diffLines } from 'diff';
import { storyFieldLabels, type StoryFields } from '@gota/shared/contracts';

/** The names (on screen) of the fields that differ between two versions of a story. */
export function changedFields(before: StoryFields, after: StoryFields): string[] {
  return (Object.keys(storyFieldLabels) as (keyof StoryFields)[])
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => storyFieldLabels[field]);
}

/** How a field's value reads in the comparison. */
function shown(value: StoryFields[keyof StoryFields]): string {
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (Array.isArray(value))
    return value.length === 0 ? '(ninguna)' : value.map((item) => (typeof item === 'string' ? item : item.alt)).join(', ');
  return value === '' ? '(vacío)' : value;
}

export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** Every field but the body that changed, with both values as text. */
export function fieldChanges(before: StoryFields, after: StoryFields): FieldChange[] {
  return (Object.keys(storyFieldLabels) as (keyof StoryFields)[])
    .filter((field) => field !== 'body' && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ label: storyFieldLabels[field], before: shown(before[field]), after: shown(after[field]) }));
}

export interface BodyLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The body's Markdown compared line by line (the `diff` package): what stayed, what was added, what was removed. */
export function bodyLines(before: string, after: string): BodyLine[] {
  return diffLines(before, after).flatMap((part) =>
    part.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({ kind: part.added ? 'added' : part.removed ? 'removed' : 'same', text }) as BodyLine),
  );
}
