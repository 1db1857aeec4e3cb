import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStoryFile, renderStoryBody, storyMarkdown } from './story-format';

const storiesDir = path.resolve(import.meta.dirname, '../../../content/stories');

describe('story files', () => {
  it('writes every story of api/content/stories back to a file that reads as the same story', () => {
    for (const name of readdirSync(storiesDir).filter((file) => file.endsWith('.md'))) {
      const fields = parseStoryFile(readFileSync(path.join(storiesDir, name), 'utf8'), name);
      expect(parseStoryFile(storyMarkdown(fields), name)).toEqual(fields);
    }
  });

  it('keeps what a story may hold and drops what could run', () => {
    const html = renderStoryBody(
      '## Título\n\n<script>alert(1)</script><iframe src="https://x.example"></iframe>\n\n[uno](javascript:alert(1)) [dos](https://agua.mx)',
    );
    expect(html).toContain('<h2>Título</h2>');
    expect(html).not.toMatch(/<script|<iframe|javascript:/);
    expect(html).toContain('<a href="https://agua.mx" target="_blank" rel="noopener noreferrer">dos</a>');
  });
});
