import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { z } from 'zod';
import type { Story, StoryFields } from '@gota/shared/contracts';
import { StoryFrontMatterSchema } from '@gota/shared/schemas';
import { ContentError } from '../../common/content-error';

/** The tags and attributes a story's body keeps; everything else a Markdown text could hold is dropped, never run. */
const storySanitizer: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'br'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    // external links open in a new tab without handing it our window
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href?.startsWith('/') ? attribs : { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

/** Markdown of a story body → HTML with only the tags a story needs (the team's text is trusted, but not blindly). */
export function renderStoryBody(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }), storySanitizer);
}

/** A story as the site renders it, from its fields. */
export function storyOf({ body, ...front }: StoryFields): Story {
  return { ...front, bodyHtml: renderStoryBody(body) };
}

export function validateContent<S extends z.ZodType>(schema: S, value: unknown, file: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `  campo «${issue.path.join('.') || '(raíz)'}»: ${issue.message}`);
    throw new ContentError(`Contenido inválido en ${file}:\n${issues.join('\n')}`);
  }
  return parsed.data;
}

/** A story file of api/content/stories (YAML front matter between `---` lines, then the Markdown body) → its fields. */
export function parseStoryFile(source: string, file: string): StoryFields {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(`Contenido inválido en ${file}: falta el encabezado entre líneas ---`);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new ContentError(`Contenido inválido en ${file}: el encabezado no es YAML válido (${(error as Error).message})`);
  }
  return { ...validateContent(StoryFrontMatterSchema, data, file), body: match[2] ?? '' };
}

/**
 * A story's fields as the file it would be in api/content/stories: the panel's «Descargar Markdown» and
 * `npm run content -- export`. `parseStoryFile` reads it back to the same fields.
 */
export function storyMarkdown({ body, ...front }: StoryFields): string {
  const { slides, bigImage, ...rest } = front;
  // the optional fields are written only when they say something, as the hand-written files do
  const header = { ...rest, ...(bigImage ? { bigImage } : {}), ...(slides.length > 0 ? { slides } : {}) };
  return `---\n${stringifyYaml(header, { lineWidth: 0 })}---\n${body}`;
}
