/**
 * The router every app uses, named once (decision 021). Browsers get react-router through this module only: the shell
 * provides it as a shared singleton and webpack keeps just the exports listed here, about half of the package. A name
 * the site starts to need is added here; apps import it from `@gota/shared/router`, never from react-router-dom.
 */
export {
  createBrowserRouter,
  Link,
  NavLink,
  redirect,
  RouterProvider,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useNavigationType,
  useSearchParams,
} from 'react-router-dom';
export type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
