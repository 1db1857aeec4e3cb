// drizzle-kit is hoisted to the root node_modules but npm installed drizzle-orm under api/node_modules only, so
// drizzle-kit cannot see it ("Please install latest version of drizzle-orm"). This preload makes drizzle-orm resolve
// from the API package, for import() (a loader hook) and for require() (Node 20 has no synchronous hooks, so the CJS
// resolver is wrapped). Used only by `npm run db:generate`; the API itself never loads it.
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const apiPackage = new URL('../../package.json', import.meta.url);
const isDrizzle = (specifier) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        const drizzle = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
        return next(specifier, drizzle ? { ...context, parentURL: ${JSON.stringify(apiPackage.href)} } : context);
      }
    `),
);

const apiDir = fileURLToPath(new URL('.', apiPackage));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, isMain, options) {
  if (isDrizzle(request)) return resolveFilename.call(this, request, parent, isMain, { paths: [apiDir] });
  return resolveFilename.call(this, request, parent, isMain, options);
};
