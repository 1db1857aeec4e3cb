import { route, routeTable, type RouteName } from '@gota/shared/routes';

/** The path of a route named by the server (`{route: 'index'}`); the home page for a name this client does not know. */
export function pathOfRoute(name: unknown): string {
  if (typeof name === 'string' && name in routeTable && !routeTable[name as RouteName].includes('{')) {
    return routeTable[name as RouteName];
  }
  return route('index');
}

/** A same-site path the server sent (`{url: '/'}`); anything else (another origin, a protocol) is refused for the home page. */
export function safePath(url: unknown, fallback: string = route('index')): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : fallback;
}
