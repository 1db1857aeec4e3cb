// The contact form (CONTÁCTANOS, product §3): a company's message or a person's registration becomes a lead of the inbox
// and a notification mail (decision 070). What app code may use of it.
export { registerContactRoutes } from './contact.routes';
