// The inbox (the panel's «Bandeja», decision 070): the leads sent through the contact form, what the team does with them
// and their export. What app code and other features may use of it; its tables are in ./schema.ts.
export { registerInboxRoutes } from './inbox.routes';
export { allyFromLead, recordLeadAlly } from './lead-ally';
