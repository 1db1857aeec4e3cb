// The site's pages (decision 070): each public page's route and props, the account pages' and the error pages'
// answers, the stories' SEO and share cards' addresses, and what search engines read (sitemap, robots, feed). The page
// protocol and the HTML document they answer through are infrastructure, in api/src/pages/.
export {
  accountPages,
  contentPages,
  errorPages,
  registerPageRoutes,
  seoFor,
  type AccountProps,
  type AccountRoute,
} from './pages.routes';
export { popularStories, shareCardPath, storySeo, storyShareImage } from './story-props';
export { feedPath } from './feed';
