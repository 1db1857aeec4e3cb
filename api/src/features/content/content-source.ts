import type { Database } from '../../db/database';
import { describeError } from '../../db/errors';
import { followerLife, oneAtATime } from '../../db/listen';
import type { Logger } from '../../logging/logger';
import { pageTextsOfFiles, withStories, type BaseContent, type Content } from './load-content';
import {
  storyOf,
  storyPhotos,
  withPhoto,
  contentChannel,
  contentPosition,
  importStories,
  publishDue,
  readPublished,
} from '../stories';
import { importSets } from './content-sets-store';
import { publishedSets } from './content-parts';
import { importKit } from './kit-store';
import { editableAllies } from './load-allies';
import type { StoryFields } from '@gota/shared/contracts';

/** Where every request reads the site's content of now: one snapshot, immutable, replaced whole when it changes. */
export interface ContentSource {
  current(): Content;
  /** Reads the content again now (after a change made by this instance); resolves once it is current. */
  refresh(): Promise<void>;
}

/** A content that never changes (tests, tools). */
export function fixedContent(content: Content): ContentSource {
  return { current: () => content, refresh: async () => undefined };
}

export interface ContentFollowerOptions {
  database: Database;
  /** The content that is not stories (files read at start). */
  base: BaseContent;
  /** The story files of api/content/stories: the one-time import's source, and the stories until the database is read. */
  files: StoryFields[];
  /** api/content/campaign: the kit's one-time import (decision 061); unset, no kit is imported. */
  kitDir?: string;
  logger: Logger;
  /** PostgreSQL's URL: a connection of its own listens for changes. Unset (PGlite), changes are made in this process. */
  listenUrl?: string | undefined;
  /** How often the content's position is read when no notification came (a lost one, a listener reconnecting). */
  pollMs?: number;
  /** How often the server looks for scheduled stories whose time has come. */
  scheduleMs?: number;
  /** Told after the content of this instance changed (the search builds the new generation at once). */
  onChange?: (content: Content) => void;
  /** Told after scheduled stories were published by this instance and it serves them (their share cards are drawn). */
  onPublished?: (content: Content, slugs: string[]) => Promise<void>;
  /** The clock of the scheduled publications (tests move it). */
  now?: () => Date;
}

/**
 * The site's content as the database has it (issue #41, decision 049), on every instance: the stories published now,
 * read at start and again whenever the public content's position moves (a NOTIFY from PostgreSQL on a connection of
 * its own, a poll every `pollMs` as the fallback, at once after a change made here), each time as a new immutable
 * snapshot. Until the database is read it serves the story files; a database that fails later leaves the last
 * content in service. It also publishes the scheduled stories whose time has come (`scheduleMs`, no cron).
 *
 * @example
 * const content = contentFollower({ database, base: loadBaseContent(dir), files: loadStoryFiles(dir), logger })
 * await content.importOnce()
 * content.start()
 */
export function contentFollower(options: ContentFollowerOptions) {
  const { database, base, logger, pollMs = 1000, scheduleMs = 15_000, now = () => new Date() } = options;
  let current = withStories(base, { stories: options.files.map(storyOf), version: 'files' });
  let seq = -1;
  let failing = false;
  const life = followerLife({ listenUrl: options.listenUrl, channel: contentChannel, logger, what: 'contenido' });

  async function refreshNow(): Promise<void> {
    if (!database.ready || database.state !== 'ok') return;
    const db = database.use();
    if ((await contentPosition(db)) === seq) return;
    const published = await readPublished(db);
    const photos = await storyPhotos(
      database,
      published.stories.map(({ fields }) => fields),
    );
    current = withStories(base, {
      stories: published.stories.map(({ fields }) => withPhoto(storyOf(fields), photos)),
      redirects: published.redirects,
      gone: published.gone,
      version: `contenido-${published.seq}`,
      ...(await publishedSets(db)),
    });
    seq = published.seq;
    logger.info({ seq, stories: current.stories.length }, 'contenido en servicio');
    options.onChange?.(current);
  }

  const refresh = oneAtATime(
    async () => {
      await refreshNow();
      failing = false;
    },
    {
      stopped: life.stopped,
      onError: (error) => {
        database.reportFailure(error);
        if (!failing)
          logger.warn({ err: describeError(error) }, 'no se pudo leer el contenido; se sigue sirviendo el último leído');
        failing = true;
      },
    },
  );

  async function publishScheduled(): Promise<void> {
    if (!database.ready || database.state !== 'ok') return;
    try {
      const slugs = await publishDue(database.use(), now());
      if (slugs.length === 0) return;
      for (const slug of slugs) logger.info({ slug }, 'historia programada publicada');
      await refresh();
      await options.onPublished?.(current, slugs);
    } catch (error) {
      database.reportFailure(error);
      logger.warn({ err: describeError(error) }, 'no se pudieron publicar las historias programadas; se intentará de nuevo');
    }
  }

  return {
    current: () => current,
    refresh,
    /** Publishes the scheduled stories whose time has come (the timer's work; tests call it with their clock). */
    publishScheduled,
    /**
     * Imports the story files into a database that has never had stories, and the facts, counters and pages' texts
     * into one that has not got them (once, whichever instance is first), then reads the database's content.
     */
    async importOnce(): Promise<void> {
      try {
        const imported = await importStories(database.use(), options.files);
        if (imported > 0) logger.info({ stories: imported }, 'historias de api/content/stories importadas a la base de datos');
      } catch (error) {
        logger.error({ err: describeError(error) }, 'no se pudieron importar las historias de api/content/stories');
      }
      try {
        const sets = await importSets(database.use(), {
          datos: base.facts.map((fact) => ({ html: fact.html, visible: true })),
          contadores: base.counters,
          ...pageTextsOfFiles(base),
          aliados: editableAllies(base),
        });
        if (sets.length > 0)
          logger.info(
            { sets },
            'datos del agua, contadores, textos de las páginas, aliados y miembros de api/content importados a la base de datos',
          );
      } catch (error) {
        logger.error(
          { err: describeError(error) },
          'no se pudieron importar los datos del agua, los contadores, los textos de las páginas, los aliados y los miembros de api/content',
        );
      }
      if (options.kitDir) {
        try {
          if (await importKit(database.use(), options.kitDir))
            logger.info('archivos del kit de api/content/campaign importados a la base de datos');
        } catch (error) {
          logger.error({ err: describeError(error) }, 'no se pudieron importar los archivos del kit de api/content/campaign');
        }
      }
      await refresh();
    },
    /** Follows the database from now on: notifications (PostgreSQL), a poll, and the scheduled publications. */
    start(): void {
      life.start(
        () => void refresh(),
        [
          [pollMs, () => void refresh()],
          [scheduleMs, () => void publishScheduled()],
        ],
      );
    },
    stop: life.stop,
  } satisfies ContentSource & Record<string, unknown>;
}

export type ContentFollower = ReturnType<typeof contentFollower>;
