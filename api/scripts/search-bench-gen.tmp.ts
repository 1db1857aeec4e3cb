import type { Story } from '@gota/shared/contracts';
import type { Content } from '../src/content/load-content';
const rareWord = 'ajolotario';
/** A small deterministic generator: the same stories on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The real content with `count` more stories made of the real stories' sentences, titles and tags, dated over ten
 * years: their words are the site's, in other combinations, so common words are as common as on the site.
 */
export function withGenerated(content: Content, count: number): Content {
  const next = random(34);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const sentences = content.stories.flatMap((story) =>
    story.bodyHtml.replace(/<[^>]+>/g, ' ').split(/(?<=[.!?])\s+/).map((sentence) => sentence.trim()).filter((sentence) => sentence.length > 30),
  );
  const titleWords = content.stories.flatMap((story) => story.titulo.split(/\s+/));
  const tags = [...new Set(content.stories.flatMap((story) => story.tags))];
  const start = Date.UTC(2015, 0, 1);
  const generated: Story[] = Array.from({ length: count }, (_, index) => {
    const body = Array.from({ length: 8 + Math.floor(next() * 14) }, () => pick(sentences));
    if (index % 3000 === 7) body.push(`En el ${rareWord} de la escuela crecen nuevas especies.`);
    const title = Array.from({ length: 4 + Math.floor(next() * 5) }, () => pick(titleWords)).join(' ');
    const date = new Date(start + Math.floor(next() * 3650) * 86_400_000).toISOString().slice(0, 10);
    return {
      ...content.stories[0]!,
      slug: `generada-${index}`,
      titulo: title,
      fecha: date,
      fechaData: date,
      text: pick(sentences),
      tags: [pick(tags), pick(tags)],
      bodyHtml: body.map((sentence) => `<p>${sentence}</p>`).join(''),
    };
  });
  const stories = [...content.stories, ...generated].sort((a, b) => b.fechaData.localeCompare(a.fechaData));
  return { ...content, stories, storyBySlug: new Map(stories.map((story) => [story.slug, story])) };
}

