// One-bundle twin of mf-home/src/features/widgets/load-widget.ts (GOTA_ONE_BUNDLE build of `npm run bench` only): the
// widgets other teams expose to the home page are imported by path instead of through federation.
import { lazy, type ComponentType } from 'react';

type WidgetModule = { default: ComponentType<never> };

// the widgets mf-home composes, as exposed in mf-stories' and mf-allies' webpack.config.mjs
const widgets: Record<string, () => Promise<WidgetModule>> = {
  'mf_stories/StoryCarousel': () => import('../../mf-stories/src/features/stories/story-carousel') as Promise<WidgetModule>,
  'mf_stories/StoryCard': () => import('../../mf-stories/src/features/stories/story-card') as Promise<WidgetModule>,
  'mf_allies/AlliesStrip': () => import('../../mf-allies/src/features/strip/allies-strip') as Promise<WidgetModule>,
};

/** Same contract as the federated `lazyWidget`: rejects for an unknown widget, so the WidgetBoundary shows its fallback. */
export function lazyWidget<P extends object>(id: `${string}/${string}`) {
  return lazy(async () => {
    const load = widgets[id];
    if (!load) throw new Error(`El widget «${id}» no está en la compilación de un solo paquete`);
    const loaded = await load();
    return { default: loaded.default as unknown as ComponentType<P> };
  });
}
